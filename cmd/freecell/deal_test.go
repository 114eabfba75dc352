package main

import (
	"strings"
	"testing"

	"github.com/solitaire-race/racer/freecell"
	"github.com/solitaire-race/racer/internal/cli/clitest"
)

// TestDeal: "deal --seed 1" is Microsoft's deal 1, whose first row is
// JD 2D 9H JC 5D 7H 7C 5H, then its layout.
func TestDeal(t *testing.T) {
	out, errOut, code := clitest.Exec(t, app, "", "deal", "--seed", "1")
	want := `JD 2D 9H JC 5D 7H 7C 5H KD KC 9S 5S AD QC KH 3H 2S KS 9D QD JS AS AH 3C 4C 5C TS QH 4H AC 4D 7S 3S TD 4S TH 8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H
home 0/52  actions 0
cells: -- -- -- --
foundations: -- -- -- --
1: JD KD 2S 4C 3S 6D 6S
2: 2D KC KS 5C TD 8S 9C
3: 9H 9S 9D TS 4S 8D 2H
4: JC 5S QD QH TH QS 6H
5: 5D AD JS 4H 8H 6C
6: 7H QC AS AC 2C 3D
7: 7C KH AH 4D JH 8C
8: 5H 3H 3C 7S 7D TC
`
	if code != 0 || errOut != "" || out != want {
		t.Errorf("deal --seed 1: exit %d, stderr %q, got\n%s\nwant\n%s", code, errOut, out, want)
	}
	for _, tt := range []struct {
		rules, seed string
		want        freecell.Deal
	}{
		{"freecell-3", "617", freecell.NewDeal(617)},
		{"freecell-2", "18446744073709551615", freecell.NewDeal(1<<64 - 1)},
	} {
		out, _, code := clitest.Exec(t, app, "", "deal", "--rules", tt.rules, "--seed", tt.seed)
		first, layout, _ := strings.Cut(out, "\n")
		if code != 0 || first != tt.want.String() {
			t.Errorf("deal %s %s: exit %d, first line %q", tt.rules, tt.seed, code, first)
		}
		cells := map[string]string{"freecell-3": "cells: -- -- --\n", "freecell-2": "cells: -- --\n"}[tt.rules]
		if !strings.Contains(layout, cells) {
			t.Errorf("deal %s: layout lacks %q:\n%s", tt.rules, cells, layout)
		}
	}
}

func TestDealUsageErrors(t *testing.T) {
	clitest.SeedUsage(t, app)
	clitest.WantUsageError(t, app, "", []string{"deal", "--seed", "1", "--rules", "bvs"}, "--rules")
	clitest.WantHelp(t, app, "deal", "seed", "rules")
}

func TestRunMain(t *testing.T) {
	_, errOut, code := clitest.Exec(t, app, "")
	for _, c := range []string{"analyze", "deal", "play", "show", "solve", "stats", "check", "verify"} {
		if code != 2 || !strings.Contains(errOut, c) {
			t.Errorf("no arguments: exit %d, stderr %q; want 2 and %q listed", code, errOut, c)
		}
	}
	clitest.WantUsageError(t, app, "", []string{"nosuch"}, `unknown command "nosuch"`)
}
