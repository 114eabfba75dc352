package main

import (
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cli/clitest"
	"github.com/solitaire-race/racer/spider"
)

func TestDeal(t *testing.T) {
	for _, tt := range []struct {
		rules string
		seed  string
		want  spider.Deal
	}{
		{"spider-1", "0", spider.NewDeal(0, 1)},
		{"spider-2", "42", spider.NewDeal(42, 2)},
		{"spider-4-std", "18446744073709551615", spider.NewDeal(1<<64-1, 4)},
	} {
		out, errOut, code := clitest.Exec(t, app, "", "deal", "--rules", tt.rules, "--seed", tt.seed)
		if code != 0 || errOut != "" {
			t.Errorf("deal %s %s: exit %d, stderr %q", tt.rules, tt.seed, code, errOut)
		}
		rules, _ := spider.Profile(tt.rules)
		s := spider.MustNew(tt.want, rules)
		if want := tt.want.String() + "\n" + s.String(); out != want {
			t.Errorf("deal %s %s: got\n%s\nwant\n%s", tt.rules, tt.seed, out, want)
		}
	}
	// The default rules are spider-1; the first line is a deal.
	out, _, _ := clitest.Exec(t, app, "", "deal", "--seed=7")
	first, layout, _ := strings.Cut(out, "\n")
	if d, err := spider.ParseDeal(first); err != nil || d != spider.NewDeal(7, 1) {
		t.Errorf("deal --seed=7: first line %q is not the 1-suit deal of seed 7 (%v)", first, err)
	}
	for _, want := range []string{" 1: (", "10: (", "stock: ", "completed 0/8"} {
		if !strings.Contains(layout, want) {
			t.Errorf("deal --seed=7: layout lacks %q:\n%s", want, layout)
		}
	}
}

func TestDealUsageErrors(t *testing.T) {
	clitest.SeedUsage(t, app)
	clitest.WantUsageError(t, app, "", []string{"deal", "--seed", "1", "--rules", "klondike"}, "--rules")
	clitest.WantHelp(t, app, "deal", "seed", "rules")
}

func TestRunMain(t *testing.T) {
	_, errOut, code := clitest.Exec(t, app, "")
	for _, c := range []string{"deal", "play", "solve", "stats"} {
		if code != 2 || !strings.Contains(errOut, c) {
			t.Errorf("no arguments: exit %d, stderr %q; want 2 and %q listed", code, errOut, c)
		}
	}
	_, errOut, code = clitest.Exec(t, app, "", "-h")
	if code != 0 || !strings.Contains(errOut, "play") {
		t.Errorf("-h: exit %d, stderr %q; want 0 and the commands listed", code, errOut)
	}
	clitest.WantUsageError(t, app, "", []string{"nosuch"}, `unknown command "nosuch"`)
}
