package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/klondike"
)

const (
	testCommitment = "624aec8209360fb0422ffb9989f480bd70b78a7034abaa1523b6e29f1932bd21"
	testNonce      = "abababababababababababababababababababababababababababababababab"
)

func TestVerify(t *testing.T) {
	deal := klondike.NewDeal(42).String()
	tests := []struct {
		name  string
		args  []string
		stdin string
		code  int
		out   string
	}{
		{"flags", []string{"-commitment", testCommitment, "-seed", "42", "-profile", "bvs", "-nonce", testNonce}, "", 0, "ok: "},
		{"wrong seed", []string{"-commitment", testCommitment, "-seed", "43", "-profile", "bvs", "-nonce", testNonce}, "", 1, "MISMATCH"},
		{"wrong profile", []string{"-commitment", testCommitment, "-seed", "42", "-profile", "classic", "-nonce", testNonce}, "", 1, "MISMATCH"},
		{"race_end on stdin", nil, `{"type":"race_end","reveal":{"commitment":"` + testCommitment + `","seed":"42","profile":"bvs","nonce":"` + testNonce + `","deal":"` + deal + `"}}`, 0, "ok: "},
		{"reveal on stdin", nil, `{"commitment":"` + testCommitment + `","seed":"42","profile":"bvs","nonce":"` + testNonce + `"}`, 0, "deal: " + deal},
		{"wrong deal on stdin", nil, `{"commitment":"` + testCommitment + `","seed":"42","profile":"bvs","nonce":"` + testNonce + `","deal":"` + klondike.NewDeal(1).String() + `"}`, 1, "MISMATCH"},
		{"garbage", nil, `not json`, 2, ""},
		{"bad seed", []string{"-commitment", testCommitment, "-seed", "x", "-profile", "bvs", "-nonce", testNonce}, "", 2, ""},
		{"missing nonce", []string{"-commitment", testCommitment, "-seed", "42", "-profile", "bvs"}, "", 2, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := runMain(append([]string{"verify"}, tc.args...), strings.NewReader(tc.stdin), &out, &errb)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr %s", code, tc.code, errb.String())
			}
			if !strings.Contains(out.String(), tc.out) {
				t.Errorf("stdout %q, want it to contain %q", out.String(), tc.out)
			}
		})
	}
}
