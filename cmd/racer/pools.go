package main

import (
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/games"
)

// newPools builds the solver pools of o for the profiles races are dealt
// under (hub.QuickProfiles): one per game that has such profiles, each
// with o.poolSize seeds per profile and o.poolWorkers goroutines, by game
// name, and registers their metrics; log hears when the first fill starts
// and ends. The caller Runs them.
func newPools(o options, reg prometheus.Registerer, log *slog.Logger) (map[string]game.Pool, error) {
	byGame := profilesByGame(hub.QuickProfiles)
	var all []string
	for _, g := range games.All.Games() {
		all = append(all, byGame[g.Name()]...)
	}
	seconds, err := registerSolverSeconds(reg, all)
	if err != nil {
		return nil, err
	}
	progress := newPoolProgress(log, all, o.poolSize, o.poolWorkers)
	observe := func(profile string, elapsed time.Duration, won bool) {
		seconds(profile, elapsed)
		progress.solved(profile, won)
	}
	pools := map[string]game.Pool{}
	for _, g := range games.All.Games() {
		profiles := byGame[g.Name()]
		if len(profiles) == 0 {
			continue
		}
		pool, err := g.NewPool(game.PoolConfig{Profiles: profiles, Size: o.poolSize, Workers: o.poolWorkers, OnSolve: observe})
		if err != nil {
			return nil, err
		}
		if err := registerPoolSize(reg, profiles, pool.Ready); err != nil {
			return nil, err
		}
		pools[g.Name()] = pool
	}
	return pools, nil
}
