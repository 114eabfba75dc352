package solver

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/solitaire-race/racer/klondike"
)

// TestRestartsExample checks the example of restart.go: relaxed-3 seed
// 871 is won, after 6.7 million positions of the exact pass in one run
// and about 200,000 with restarts.
func TestRestartsExample(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips seed 871, up to 400,000 positions; CI runs it (go test without -short)")
	}
	t.Parallel()
	s := klondike.MustNew(klondike.NewDeal(871), mustProfile(t, "relaxed-3"))
	res := Solve(context.Background(), s, Config{MaxNodes: 400_000, Timeout: time.Hour, noRelaxed: true})
	if res.Verdict != Won {
		t.Fatalf("seed 871: got %v after %d positions and %d restarts, want won", res.Verdict, res.Nodes, res.restarts)
	}
	replayWins(t, s, res)
}

// TestRestartsKeepVerdicts compares the exact searches in one run with
// the same searches restarted every few positions (budgets of 3 and 40
// positions, doubling every second run), on deals and on positions after
// random play, under every rule variant: whenever both decide they must
// agree, and every won line must replay.
func TestRestartsKeepVerdicts(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips the search with and without restarts on deals and played positions; CI runs it (go test without -short)")
	}
	t.Parallel()
	var v verdictTally
	r := rng(11)
	dealsAndPlayed(&r, 3000, 3006, func(rules klondike.Rules, seed uint64, s klondike.State) {
		w := Solve(context.Background(), s, Config{MaxNodes: 20_000, noRestarts: true})
		for _, b := range []int64{3, 40} {
			v.compare(t, s, fmt.Sprintf("%s seed %d with runs of %d", rules.Name, seed, b), w, Config{MaxNodes: 20_000, runBudget: b})
		}
	})
	t.Logf("%d won and %d lost verdicts compared, %d restarts", v.won, v.lost, v.restarts)
	if v.won < 50 || v.lost < 50 || v.restarts < 1000 {
		t.Errorf("got %d won and %d lost verdicts compared and %d restarts, want at least 50, 50 and 1,000", v.won, v.lost, v.restarts)
	}
}
