package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/spider"
)

// The commitment of spider-2, seed 42 and this nonce, computed with
//
//	printf 'solitaire-race commitment v1\nprofile=spider-2\nseed=42\nnonce=%s\n' "$NONCE" | sha256sum
const (
	testCommitment = "eb8c631993c37a4bd960e443d21fb074325466f3b59fb4b26d8ec9211e02188d"
	testNonce      = "abababababababababababababababababababababababababababababababab"
)

func TestVerify(t *testing.T) {
	deal := spider.NewDeal(42, 2).String()
	reveal := func(d string) string {
		return `{"commitment":"` + testCommitment + `","seed":"42","profile":"spider-2","nonce":"` + testNonce + `","deal":"` + d + `"}`
	}
	tests := []struct {
		name  string
		args  []string
		stdin string
		code  int
		out   string
	}{
		{"flags", []string{"-commitment", testCommitment, "-seed", "42", "-profile", "spider-2", "-nonce", testNonce}, "", 0, "deal: " + deal},
		{"wrong seed", []string{"-commitment", testCommitment, "-seed", "43", "-profile", "spider-2", "-nonce", testNonce}, "", 1, "MISMATCH"},
		{"wrong profile", []string{"-commitment", testCommitment, "-seed", "42", "-profile", "spider-1", "-nonce", testNonce}, "", 1, "MISMATCH"},
		{"a Klondike profile", []string{"-commitment", testCommitment, "-seed", "42", "-profile", "bvs", "-nonce", testNonce}, "", 1, ""},
		{"race_end on stdin", nil, `{"type":"race_end","reveal":` + reveal(deal) + `}`, 0, "ok: "},
		{"wrong deal on stdin", nil, reveal(spider.NewDeal(41, 2).String()), 1, "MISMATCH"},
		{"garbage", nil, `not json`, 2, ""},
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
