package results

import (
	"context"
	"time"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/klondike/solver"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/spider"
	spidersolver "github.com/solitaire-race/racer/spider/solver"
)

// dailyNodes and dailyTimeout bound the daily challenge's checker. The
// node budget decides, so that every node of a cluster reaches the same
// verdict and deals the same seed however loaded it is (a few seconds of
// search); the timeout is only a backstop far above it.
const (
	dailyNodes   = 2_000_000
	dailyTimeout = 2 * time.Minute
)

// checkWinnable is the daily challenge's default checker
// (Config.Checker): the game's solver within dailyNodes positions. It is
// the one part of this package that knows the engines.
func checkWinnable(ctx context.Context, seed uint64, profile string) (bool, error) {
	g, err := match.GameOf(profile)
	if err != nil {
		return false, err
	}
	if g == match.GameSpider {
		r, err := spider.Profile(profile)
		if err != nil {
			return false, err
		}
		s, err := spider.New(spider.NewDeal(seed, r.Suits), r)
		if err != nil {
			return false, err
		}
		res := spidersolver.Solve(ctx, s, spidersolver.Config{MaxNodes: dailyNodes, Timeout: dailyTimeout})
		return res.Verdict == spidersolver.Won, ctx.Err()
	}
	r, err := klondike.Profile(profile)
	if err != nil {
		return false, err
	}
	s, err := klondike.New(klondike.NewDeal(seed), r)
	if err != nil {
		return false, err
	}
	res := solver.Solve(ctx, s, solver.Config{MaxNodes: dailyNodes, Timeout: dailyTimeout})
	return res.Verdict == solver.Won, ctx.Err()
}
