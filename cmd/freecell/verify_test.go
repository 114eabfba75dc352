package main

import (
	"bytes"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/freecell"
	"github.com/solitaire-race/racer/match/fair"
)

// TestVerify: a race's reveal is checked against its commitment, and the
// deal printed is the seed's.
func TestVerify(t *testing.T) {
	const seed = 1<<40 + 7
	nonce := bytes.Repeat([]byte{0xab}, 32)
	commitment, err := fair.Commit(fair.Reveal{Seed: seed, Profile: "freecell-3", Nonce: nonce})
	if err != nil {
		t.Fatal(err)
	}
	n := hex.EncodeToString(nonce)
	deal := freecell.NewDeal(seed).String()
	reveal := `{"commitment":"` + commitment + `","seed":"1099511627783","profile":"freecell-3","nonce":"` + n + `"`
	tests := []struct {
		name  string
		args  []string
		stdin string
		code  int
		out   string
	}{
		{"flags", []string{"-commitment", commitment, "-seed", "1099511627783", "-profile", "freecell-3", "-nonce", n}, "", 0, "deal: " + deal},
		{"wrong seed", []string{"-commitment", commitment, "-seed", "1099511627784", "-profile", "freecell-3", "-nonce", n}, "", 1, "MISMATCH"},
		{"wrong profile", []string{"-commitment", commitment, "-seed", "1099511627783", "-profile", "freecell", "-nonce", n}, "", 1, "MISMATCH"},
		{"another game's profile", []string{"-commitment", commitment, "-seed", "1099511627783", "-profile", "bvs", "-nonce", n}, "", 1, ""},
		{"race_end on stdin", nil, `{"type":"race_end","reveal":` + reveal + `,"deal":"` + deal + `"}}`, 0, "ok: "},
		{"wrong deal on stdin", nil, reveal + `,"deal":"` + freecell.NewDeal(1).String() + `"}`, 1, "MISMATCH"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := runMain(append([]string{"verify"}, tc.args...), strings.NewReader(tc.stdin), &out, &errb)
			if code != tc.code || !strings.Contains(out.String(), tc.out) {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d and %q", code, out.String(), errb.String(), tc.code, tc.out)
			}
		})
	}
}
