package results

import (
	"context"
	"time"

	"github.com/solitaire-race/racer/match/daily"
	"github.com/solitaire-race/racer/match/game"
)

// dailyNodes and dailyTimeout bound the daily challenge's checker. The
// node budget decides, so that every node of a cluster reaches the same
// verdict and deals the same seed however loaded it is (a few seconds of
// search); the timeout is only a backstop far above it.
const (
	dailyNodes   = 2_000_000
	dailyTimeout = 2 * time.Minute
)

// checkWinnable returns the daily challenge's default checker
// (Config.Checker): the profile's game among gs, its solver within
// dailyNodes positions, through the game contract.
func checkWinnable(gs *game.Registry) daily.Checker {
	return func(ctx context.Context, seed uint64, profile string) (bool, error) {
		v, err := gs.Lookup(profile)
		if err != nil {
			return false, err
		}
		return v.Winnable(ctx, seed, dailyNodes, dailyTimeout)
	}
}
