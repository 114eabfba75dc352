package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/freecell"
	"github.com/solitaire-race/racer/internal/cli/clitest"
)

// solveJSON runs "solve --json" with args and decodes its object.
func solveJSON(t *testing.T, args ...string) (result string, moves []string) {
	t.Helper()
	out, errOut, code := clitest.Exec(t, app, "", append([]string{"solve", "--json", "--timeout", "1m"}, args...)...)
	if code != 0 {
		t.Fatalf("solve %v: exit %d; stderr %q", args, code, errOut)
	}
	var got struct {
		Result  string   `json:"result"`
		Moves   []string `json:"moves"`
		Nodes   int64    `json:"nodes"`
		Seconds float64  `json:"seconds"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("solve %v: output %q: %v", args, out, err)
	}
	if got.Nodes <= 0 || got.Seconds < 0 {
		t.Errorf("solve %v: nodes %d, seconds %v", args, got.Nodes, got.Seconds)
	}
	return got.Result, got.Moves
}

// TestSolveMicrosoftDeals: deals 1 and 617 are won, each with a line that
// "check" accepts; deal 11982 is lost. With -short it leaves out 617, a
// search of tens of thousands of positions (freecell/solver's tests
// solve it).
func TestSolveMicrosoftDeals(t *testing.T) {
	won := []string{"1", "617"}
	if testing.Short() {
		won = won[:1]
	}
	for _, seed := range won {
		result, moves := solveJSON(t, "--seed", seed)
		if result != "won" {
			t.Fatalf("deal %s: %s, want won", seed, result)
		}
		out, errOut, code := clitest.Exec(t, app, strings.Join(moves, " "), "check", "--seed", seed)
		if code != 0 || !strings.HasPrefix(out, "ok: ") {
			t.Errorf("deal %s: check exits %d: %q %q", seed, code, out, errOut)
		}
	}
	if result, moves := solveJSON(t, "--seed", "11982"); result != "lost" || len(moves) != 0 {
		t.Errorf("deal 11982: %s with %d moves, want lost", result, len(moves))
	}
}

func TestSolveText(t *testing.T) {
	deal := freecell.NewDeal(5).String()
	clitest.WantOutput(t, app, []string{"solve", "--rules", "freecell-3", "--deal", deal}, "result: won\n", "moves (", "nodes: ", "seconds: ")
	out, _, code := clitest.Exec(t, app, "", "solve", "--seed", "617", "--nodes", "5")
	if code != 0 || !strings.Contains(out, "result: unknown\n") || !strings.Contains(out, "stopped: nodes budget") {
		t.Errorf("5 nodes: exit %d, output %q; want unknown, stopped by nodes", code, out)
	}
}

func TestSolveUsageErrors(t *testing.T) {
	clitest.SolveUsage(t, app)
}
