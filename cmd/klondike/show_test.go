package main

import (
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cli/clitest"
	"github.com/solitaire-race/racer/klondike"
)

func TestShow(t *testing.T) {
	d := klondike.NewDeal(42)
	rules, _ := klondike.Profile("bvs")
	s := klondike.MustNew(d, rules)
	if err := s.Apply(klondike.DrawMove()); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := clitest.Exec(t, app, "", "show", "--seed", "42", "--moves", "D")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	want := "rules: bvs (draw 3)  result: playing\n" + s.View().String() + "legal: 2-6 4-7 7-3 D\n"
	if out != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
	// The player's view hides the face-down cards and the stock.
	for _, c := range append(s.Stock(), s.Column(6)[:6]...) {
		if strings.Contains(out, c.String()) {
			t.Errorf("show without --reveal shows hidden %v:\n%s", c, out)
		}
	}
	if !strings.Contains(out, "7: ?? ?? ?? ?? ?? ?? 6H") || !strings.Contains(out, "stock: 21 cards") {
		t.Errorf("view lacks the face-down marks or the stock size:\n%s", out)
	}

	out, _, code = clitest.Exec(t, app, "", "show", "--deal", d.String(), "--moves", "D", "--reveal")
	if code != 0 {
		t.Fatalf("--reveal: exit %d", code)
	}
	if want := "rules: bvs (draw 3)  result: playing\n" + s.String() + "legal: 2-6 4-7 7-3 D\n"; out != want {
		t.Errorf("--reveal: got:\n%s\nwant:\n%s", out, want)
	}
	if !strings.Contains(out, "7: (TC) (JD) (QC) (3H) (QH) (6S) 6H") {
		t.Errorf("--reveal does not show column 7's face-down cards:\n%s", out)
	}

	out, _, _ = clitest.Exec(t, app, "", "show", "--rules", "classic", "--seed", "11", "--moves", strings.Repeat("D ", 24))
	if !strings.Contains(out, "rules: classic (draw 1)  result: stuck") || !strings.Contains(out, "actions 24") {
		t.Errorf("classic seed 11 after 24 draws: got\n%s", out)
	}
}

func TestShowUsageErrors(t *testing.T) {
	for _, tt := range []struct {
		args    []string
		problem string
	}{
		{[]string{"show"}, "give --seed N or --deal"},
		{[]string{"show", "--seed", "42", "--moves", "D 9-9"}, `move 2 "9-9"`},
		{[]string{"show", "--seed", "42", "--moves", "D R"}, `move 2 "R": klondike: illegal move R: the stock is not empty yet`},
		{[]string{"show", "--rules", "bogus", "--seed", "1"}, "bogus"},
		{[]string{"show", "--deal", "KC"}, "a deal is 52 cards"},
		{[]string{"show", "--seed", "1", "--reveal=2"}, "reveal"},
		{[]string{"show", "--seed", "1", "now"}, `unexpected argument "now"`},
	} {
		clitest.WantUsageError(t, app, "", tt.args, tt.problem)
	}
	clitest.WantHelp(t, app, "show", "rules", "seed", "deal", "moves", "reveal")
}
