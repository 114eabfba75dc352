package main

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/seedpool"
)

// poolDealer deals seeds the solver proved winnable, from a solver pool
// per game filled in the background (pools, by game name). When the pool
// has none ready for a profile (or the game has no pool) it waits at most
// wait, then deals a random seed that races show as "deal not
// solver-checked": a race never waits long on the solver. It is safe for
// concurrent use.
type poolDealer struct {
	pools    map[string]game.Pool
	wait     time.Duration
	fallback match.Dealer
}

var _ match.Dealer = (*poolDealer)(nil)

// Deal implements match.Dealer.
func (d *poolDealer) Deal(ctx context.Context, profile string) (uint64, bool, error) {
	v, err := games.Lookup(profile)
	if err != nil {
		return 0, false, err
	}
	pool := d.pools[v.Game().Name()]
	if pool == nil {
		return d.fallback.Deal(ctx, profile)
	}
	if pool.Ready(profile) > 0 || d.wait > 0 {
		wctx, cancel := context.WithTimeout(ctx, d.wait+10*time.Millisecond)
		seed, err := pool.Next(wctx, profile)
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

// profilesByGame groups the profiles among names by game, keeping their
// order within each game; unknown names are left out.
func profilesByGame(names []string) map[string][]string {
	out := map[string][]string{}
	for _, n := range names {
		if v, err := games.Lookup(n); err == nil {
			g := v.Game().Name()
			out[g] = append(out[g], n)
		}
	}
	return out
}

// newRedisDealer deals the seeds a dealer process (cmd/dealer) keeps in
// be's Redis (-dealer redis), each once, and random seeds while there
// are none; it exports racer_dealer_deals_total{source}.
func newRedisDealer(be *backends, reg prometheus.Registerer, log *slog.Logger) (*seedpool.Dealer, error) {
	if be.rdb == nil {
		return nil, errors.New("-dealer redis needs -redis")
	}
	pool, err := seedpool.NewRedisPool(seedpool.RedisConfig{Client: be.rdb})
	if err != nil {
		return nil, err
	}
	deals := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "racer_dealer_deals_total",
		Help: "Races this node dealt with -dealer redis, by where the seed came from: pool (proven, from the dealer), empty or error (random, not solver-checked).",
	}, []string{"source"})
	for _, s := range []string{"pool", "empty", "error"} {
		deals.WithLabelValues(s)
	}
	if err := reg.Register(deals); err != nil {
		return nil, err
	}
	return &seedpool.Dealer{Games: games.All,
		Pool: pool, Fallback: match.RandomDealer{}, Logger: log,
		OnDeal: func(_, source string) { deals.WithLabelValues(source).Inc() },
	}, nil
}

// practiceDealer deals practice games (web.Config.DealPractice) from the
// proven seeds races are dealt from, but only while a profile has more
// than reserve ready: practice never takes the seeds the next races
// need, and never waits for the solver. Otherwise the deal is not
// checked, and the page says so. It is safe for concurrent use.
type practiceDealer struct {
	// ready tells how many seeds profile has ready; take takes one.
	ready   func(ctx context.Context, profile string) (int, error)
	take    func(ctx context.Context, profile string) (uint64, error)
	reserve int
}

// Deal deals a seed for profile, and whether it is proven winnable.
func (d practiceDealer) Deal(ctx context.Context, profile string) (uint64, bool, error) {
	n, err := d.ready(ctx, profile)
	if err != nil || n <= d.reserve {
		return 0, false, err
	}
	seed, err := d.take(ctx, profile)
	if err != nil {
		return 0, false, nil // taken meanwhile by a race: not checked
	}
	return seed, true, nil
}

// localPractice deals practice games from a node's own pools.
func localPractice(l *localPools, reserve int) practiceDealer {
	return practiceDealer{
		reserve: reserve,
		ready: func(_ context.Context, profile string) (int, error) {
			if pool := l.pool(profile); pool != nil {
				return pool.Ready(profile), nil
			}
			return 0, nil
		},
		take: func(ctx context.Context, profile string) (uint64, error) {
			ctx, cancel := context.WithTimeout(ctx, 10*time.Millisecond) // ready: no wait
			defer cancel()
			return l.pool(profile).Next(ctx, profile)
		},
	}
}

// redisPractice deals practice games from the pool a dealer process
// keeps in Redis.
func redisPractice(pool seedpool.Pool, reserve int) practiceDealer {
	return practiceDealer{
		reserve: reserve,
		ready: func(ctx context.Context, profile string) (int, error) {
			st, err := pool.Stats(ctx, []string{profile})
			if err != nil || len(st) == 0 {
				return 0, err
			}
			return st[0].Ready, nil
		},
		take: pool.Take,
	}
}
