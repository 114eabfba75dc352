package solver

import (
	"context"
	"testing"
	"time"

	"github.com/solitaire-race/racer/klondike"
)

// TestRestartsExample checks the example of restart.go: relaxed-3 seed
// 871 is won, after 6.7 million positions of the exact pass in one run
// and about 200,000 with restarts.
func TestRestartsExample(t *testing.T) {
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
	var won, lost, restarts int
	r := rng(11)
	var buf [64]klondike.Move
	for _, draw := range []int{1, 3} {
		for _, rules := range variants(draw) {
			for seed := uint64(3000); seed < 3006; seed++ {
				s := klondike.MustNew(klondike.NewDeal(seed), rules)
				states := []klondike.State{s}
				for range 20 + r.intn(60) {
					ms := s.Moves(buf[:0])
					if len(ms) == 0 {
						break
					}
					_ = s.Apply(ms[r.intn(len(ms))])
				}
				states = append(states, s)
				for _, s := range states {
					want := Solve(context.Background(), s, Config{MaxNodes: 20_000, noRestarts: true})
					for _, b := range []int64{3, 40} {
						got := Solve(context.Background(), s, Config{MaxNodes: 20_000, runBudget: b})
						restarts += got.restarts
						if got.Verdict == Won {
							replayWins(t, s, got)
						}
						if got.Verdict == Unknown || want.Verdict == Unknown {
							continue
						}
						if got.Verdict != want.Verdict {
							t.Errorf("%s seed %d (runs of %d): got %v after %d restarts, in one run %v\n%v", rules.Name, seed, b, got.Verdict, got.restarts, want.Verdict, s.String())
						}
						if got.Verdict == Won {
							won++
						} else {
							lost++
						}
					}
				}
			}
		}
	}
	t.Logf("%d won and %d lost verdicts compared, %d restarts", won, lost, restarts)
	if won < 50 || lost < 50 || restarts < 1000 {
		t.Errorf("got %d won and %d lost verdicts compared and %d restarts, want at least 50, 50 and 1,000", won, lost, restarts)
	}
}
