package seedpool

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game"
)

// Dealer deals the seeds of a Pool, each once: a node's match.Dealer
// when a dealer process fills the pool. When the pool has no seed for a
// profile, or cannot be reached, it deals Fallback's seed (a race then
// says "deal not solver-checked"): a race never waits on the solver. An
// unknown profile is an error. It is safe for concurrent use.
type Dealer struct {
	// Pool holds the proven seeds. Required.
	Pool Pool
	// Fallback deals when Pool has none. Required (match.RandomDealer).
	Fallback match.Dealer
	// Games are the games dealt: a profile none of them has is an error.
	// Required (match/game/games.All).
	Games *game.Registry
	// OnDeal, if set, is called after each deal with the profile and
	// where the seed came from: "pool", "empty" (Fallback, none ready) or
	// "error" (Fallback, the pool failed). It must be quick and safe for
	// concurrent use.
	OnDeal func(profile, source string)
	// Logger hears the pool's errors; nil discards them.
	Logger *slog.Logger
}

var _ match.Dealer = (*Dealer)(nil)

// Deal implements match.Dealer.
func (d *Dealer) Deal(ctx context.Context, profile string) (uint64, bool, error) {
	if _, err := d.Games.Lookup(profile); err != nil {
		return 0, false, fmt.Errorf("seedpool: %w", err)
	}
	seed, err := d.Pool.Take(ctx, profile)
	source := "pool"
	switch {
	case err == nil:
	case errors.Is(err, ErrEmpty):
		source = "empty"
	default:
		if ctx.Err() != nil {
			return 0, false, ctx.Err()
		}
		source = "error"
		if d.Logger != nil {
			d.Logger.Warn("seed pool unavailable; dealing a random seed", "profile", profile, "err", err)
		}
	}
	if d.OnDeal != nil {
		d.OnDeal(profile, source)
	}
	if source == "pool" {
		return seed, true, nil
	}
	return d.Fallback.Deal(ctx, profile)
}
