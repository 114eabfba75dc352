package main

import (
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cli/clitest"
	"github.com/solitaire-race/racer/klondike"
)

func TestDeal(t *testing.T) {
	for _, tt := range []struct {
		seed string
		want klondike.Deal
	}{
		{"0", klondike.NewDeal(0)},
		{"42", klondike.NewDeal(42)},
		{"18446744073709551615", klondike.NewDeal(1<<64 - 1)},
	} {
		for _, flagName := range []string{"--seed", "-seed"} {
			out, errOut, code := clitest.Exec(t, app, "", "deal", flagName, tt.seed)
			if code != 0 || errOut != "" {
				t.Errorf("deal %s %s: exit %d, stderr %q", flagName, tt.seed, code, errOut)
			}
			if want := tt.want.String() + "\n"; out != want {
				t.Errorf("deal %s %s: got %q, want %q", flagName, tt.seed, out, want)
			}
		}
	}
	out, _, _ := clitest.Exec(t, app, "", "deal", "--seed=7")
	if _, err := klondike.ParseDeal(out); err != nil || strings.Count(out, "\n") != 1 {
		t.Errorf("deal --seed=7 printed %q: not one line holding a deal (%v)", out, err)
	}
}

func TestDealUsageErrors(t *testing.T) {
	clitest.SeedUsage(t, app)
	clitest.WantHelp(t, app, "deal", "seed")
}

func TestRunMain(t *testing.T) {
	_, errOut, code := clitest.Exec(t, app, "")
	if code != 2 || !strings.Contains(errOut, "deal") || !strings.Contains(errOut, "play") || !strings.Contains(errOut, "show") {
		t.Errorf("no arguments: exit %d, stderr %q; want 2 and the commands listed", code, errOut)
	}
	_, errOut, code = clitest.Exec(t, app, "", "-h")
	if code != 0 || !strings.Contains(errOut, "play") {
		t.Errorf("-h: exit %d, stderr %q; want 0 and the commands listed", code, errOut)
	}
	clitest.WantUsageError(t, app, "", []string{"nosuch"}, `unknown command "nosuch"`)
}
