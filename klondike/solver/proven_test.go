package solver

import (
	"context"
	"testing"

	"github.com/solitaire-race/racer/klondike"
)

// TestProvenLossesAgree compares the solver with and without its table of
// proven losses and the twin keys of its exact pass's tables (twins.go,
// proven.go) on deals and on
// positions after random play, under every rule variant, and with a
// pending list so short that it overflows: whenever both decide, they
// must agree, and every won line must replay.
func TestProvenLossesAgree(t *testing.T) {
	var won, lost int
	r := rng(5)
	var buf [64]klondike.Move
	for _, draw := range []int{1, 3} {
		for _, rules := range variants(draw) {
			for seed := uint64(2000); seed < 2006; seed++ {
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
					want := Solve(context.Background(), s, Config{MaxNodes: 10_000, noTwins: true})
					for _, cfg := range []Config{{MaxNodes: 10_000}, {MaxNodes: 10_000, pendCap: 1}} {
						if want.Verdict == Unknown && cfg.pendCap > 0 {
							continue // nothing to compare; the first config's line was replayed
						}
						got := Solve(context.Background(), s, cfg)
						if got.Verdict == Won {
							replayWins(t, s, got)
						}
						if got.Verdict == Unknown || want.Verdict == Unknown {
							continue
						}
						if got.Verdict != want.Verdict {
							t.Errorf("%s seed %d (pending bound %d): got %v, without proven losses %v\n%v", rules.Name, seed, cfg.pendCap, got.Verdict, want.Verdict, s.String())
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
	t.Logf("%d won and %d lost verdicts compared", won, lost)
	if won < 50 || lost < 50 {
		t.Errorf("got %d won and %d lost verdicts compared, want at least 50 of each", won, lost)
	}
}
