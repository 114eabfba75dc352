package main

import (
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/klondike/solver"
	"github.com/solitaire-race/racer/spider"
	spidersolver "github.com/solitaire-race/racer/spider/solver"
)

// newPools builds the solver pools of o for the profiles races are dealt
// under (hub.QuickProfiles): Klondike's and Spider's, each with
// o.poolSize seeds per profile and o.poolWorkers goroutines, and
// registers their metrics; log hears when the first fill starts and ends.
// The caller Runs them.
func newPools(o options, reg prometheus.Registerer, log *slog.Logger) (*solver.Pool, *spidersolver.Pool, error) {
	kp, sp := klondikeProfiles(hub.QuickProfiles), spiderProfiles(hub.QuickProfiles)
	all := append(append([]string(nil), kp...), sp...)
	seconds, err := registerSolverSeconds(reg, all)
	if err != nil {
		return nil, nil, err
	}
	progress := newPoolProgress(log, all, o.poolSize, o.poolWorkers)
	observe := func(profile string, elapsed time.Duration, won bool) {
		seconds(profile, elapsed)
		progress.solved(profile, won)
	}
	krules, err := rulesOf(kp, klondike.Profile)
	if err != nil {
		return nil, nil, err
	}
	pool, err := solver.NewPool(solver.PoolConfig{Rules: krules, Size: o.poolSize, Workers: o.poolWorkers,
		OnSolve: func(r klondike.Rules, elapsed time.Duration, won bool) { observe(r.Name, elapsed, won) }})
	if err != nil {
		return nil, nil, err
	}
	if err := registerPoolSize(reg, kp, klondikeReady(pool)); err != nil {
		return nil, nil, err
	}
	if len(sp) == 0 {
		return pool, nil, nil
	}
	srules, err := rulesOf(sp, spider.Profile)
	if err != nil {
		return nil, nil, err
	}
	spool, err := spidersolver.NewPool(spidersolver.PoolConfig{Rules: srules, Size: o.poolSize, Workers: o.poolWorkers,
		OnSolve: func(r spider.Rules, elapsed time.Duration, won bool) { observe(r.Name(), elapsed, won) }})
	if err != nil {
		return nil, nil, err
	}
	if err := registerPoolSize(reg, sp, spiderReady(spool)); err != nil {
		return nil, nil, err
	}
	return pool, spool, nil
}

// rulesOf returns the rules of the named profiles, in order, as profile
// reads them.
func rulesOf[R any](names []string, profile func(string) (R, error)) ([]R, error) {
	var out []R
	for _, n := range names {
		r, err := profile(n)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}
