package main

import (
	"context"
	"time"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/klondike/solver"
	"github.com/solitaire-race/racer/match"
)

// poolDealer deals seeds the solver proved winnable, from a solver.Pool
// filled in the background. When the pool has none ready for a profile it
// waits at most wait, then deals a random seed that races show as "deal
// not solver-checked": a race never waits long on the solver. It is safe
// for concurrent use.
type poolDealer struct {
	pool     *solver.Pool
	wait     time.Duration
	fallback match.Dealer
}

var _ match.Dealer = (*poolDealer)(nil)

// Deal implements match.Dealer. Spider profiles get the fallback's
// seeds: no Spider solver pool yet (TODO: spider/solver.Pool).
func (d *poolDealer) Deal(ctx context.Context, profile string) (uint64, bool, error) {
	g, err := match.GameOf(profile)
	if err != nil {
		return 0, false, err
	}
	if g != match.GameKlondike {
		return d.fallback.Deal(ctx, profile)
	}
	rules, err := klondike.Profile(profile)
	if err != nil {
		return 0, false, err
	}
	if d.pool.Ready(rules) > 0 || d.wait > 0 {
		wctx, cancel := context.WithTimeout(ctx, d.wait+10*time.Millisecond)
		seed, err := d.pool.Next(wctx, rules)
		cancel()
		if err == nil {
			return seed, true, nil
		}
		if ctx.Err() != nil {
			return 0, false, ctx.Err()
		}
	}
	return d.fallback.Deal(ctx, profile)
}

// klondikeProfiles returns the Klondike profiles among names, in order:
// those the Klondike solver pool deals.
func klondikeProfiles(names []string) []string {
	var out []string
	for _, n := range names {
		if g, _ := match.GameOf(n); g == match.GameKlondike {
			out = append(out, n)
		}
	}
	return out
}
