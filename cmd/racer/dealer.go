package main

import (
	"context"
	"time"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/klondike/solver"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/spider"
	spidersolver "github.com/solitaire-race/racer/spider/solver"
)

// poolDealer deals seeds the solver proved winnable, from a solver pool
// per game filled in the background: pool for Klondike profiles, spider
// for Spider's. When the pool has none ready for a profile (or the game
// has no pool) it waits at most wait, then deals a random seed that races
// show as "deal not solver-checked": a race never waits long on the
// solver. It is safe for concurrent use.
type poolDealer struct {
	pool     *solver.Pool       // Klondike's; nil: none
	spider   *spidersolver.Pool // Spider's; nil: none
	wait     time.Duration
	fallback match.Dealer
}

var _ match.Dealer = (*poolDealer)(nil)

// Deal implements match.Dealer.
func (d *poolDealer) Deal(ctx context.Context, profile string) (uint64, bool, error) {
	g, err := match.GameOf(profile)
	if err != nil {
		return 0, false, err
	}
	var ready func() int
	var next func(context.Context) (uint64, error)
	switch {
	case g == match.GameKlondike && d.pool != nil:
		rules, err := klondike.Profile(profile)
		if err != nil {
			return 0, false, err
		}
		ready = func() int { return d.pool.Ready(rules) }
		next = func(ctx context.Context) (uint64, error) { return d.pool.Next(ctx, rules) }
	case g == match.GameSpider && d.spider != nil:
		rules, err := spider.Profile(profile)
		if err != nil {
			return 0, false, err
		}
		ready = func() int { return d.spider.Ready(rules) }
		next = func(ctx context.Context) (uint64, error) { return d.spider.Next(ctx, rules) }
	default:
		return d.fallback.Deal(ctx, profile)
	}
	if ready() > 0 || d.wait > 0 {
		wctx, cancel := context.WithTimeout(ctx, d.wait+10*time.Millisecond)
		seed, err := next(wctx)
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
func klondikeProfiles(names []string) []string { return profilesOf(names, match.GameKlondike) }

// spiderProfiles returns the Spider profiles among names, in order.
func spiderProfiles(names []string) []string { return profilesOf(names, match.GameSpider) }

func profilesOf(names []string, game match.Game) []string {
	var out []string
	for _, n := range names {
		if g, _ := match.GameOf(n); g == game {
			out = append(out, n)
		}
	}
	return out
}
