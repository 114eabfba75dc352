package main

import (
	"context"
	"log/slog"
	"runtime"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/solverproc"
)

// localPools are a node's own solver pools (-dealer local), one per game
// by game name: their searches run at low priority (-pool-nice) in the
// node's solver process (-solver-process), or else on threads of this
// process, and the seeds they proved are saved to -pool-file at shutdown
// and put back at start, so that a restart does not search again.
type localPools struct {
	pools    map[string]game.Pool
	profiles []string
	file     string
	log      *slog.Logger
	wg       sync.WaitGroup
}

// extraProcs makes room, once per process, for the low-priority solver
// threads when they run in this process (-solver-process=false): each
// holds a P while it runs, and the kernel may leave it waiting for long
// on a busy machine, so GOMAXPROCS gains one P per such thread and the
// goroutines serving moves keep one per core.
var extraProcs sync.Once

// newPools builds the solver pools of o for the profiles races are dealt
// under (games.Profiles()): one per game that has such profiles, each
// with o.poolSize seeds per profile and o.poolWorkers goroutines, and
// registers their metrics; log hears when the first fill starts and
// ends. Seeds saved in o.poolFile are put back. With sp, the searches run
// in the solver process; with none, on low-priority threads of this
// process. Call start, then stop.
func newPools(o options, sp *solverproc.Client, reg prometheus.Registerer, log *slog.Logger) (*localPools, error) {
	byGame := profilesByGame(games.Profiles())
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
	var worker func(work func())
	var winnable func(ctx context.Context, profile string, seed uint64) bool
	if sp != nil {
		winnable = poolWinnable(sp)
	} else if o.poolNice > 0 {
		worker = lowPriority(o.poolNice, func(err error) {
			log.Warn("solver pool runs at normal priority", "nice", o.poolNice, "err", err)
		})
	}
	l := &localPools{pools: map[string]game.Pool{}, profiles: all, file: o.poolFile, log: log}
	threads := 0
	for _, g := range games.All.Games() {
		profiles := byGame[g.Name()]
		if len(profiles) == 0 {
			continue
		}
		pool, err := g.NewPool(game.PoolConfig{Profiles: profiles, Size: o.poolSize, Workers: o.poolWorkers, OnSolve: observe, Worker: worker, Winnable: winnable})
		if err != nil {
			return nil, err
		}
		if err := registerPoolSize(reg, profiles, pool.Ready); err != nil {
			return nil, err
		}
		l.pools[g.Name()] = pool
		threads += max(o.poolWorkers, 1)
	}
	if worker != nil && lowPrioritySupported {
		extraProcs.Do(func() { runtime.GOMAXPROCS(runtime.GOMAXPROCS(0) + threads) })
	}
	if l.file != "" {
		saved, err := takePoolFile(l.file)
		if err != nil {
			log.Warn("solver pool file not read; searching afresh", "file", l.file, "err", err)
		}
		put := 0
		for profile, seeds := range saved {
			pool := l.pool(profile)
			for _, s := range seeds {
				if pool != nil && pool.Put(profile, s) {
					put++
				}
			}
		}
		if put > 0 {
			log.Info("solver pool seeds restored", "file", l.file, "seeds", put)
		}
	}
	progress.setReady(func(profile string) int {
		if pool := l.pool(profile); pool != nil {
			return pool.Ready(profile)
		}
		return 0
	})
	return l, nil
}

// pool returns the pool of profile's game, or nil.
func (l *localPools) pool(profile string) game.Pool {
	g := profilesByGame([]string{profile})
	for name := range g {
		return l.pools[name]
	}
	return nil
}

// start runs the pools until ctx ends.
func (l *localPools) start(ctx context.Context) {
	for _, pool := range l.pools {
		l.wg.Go(func() { _ = pool.Run(ctx) })
	}
}

// stop waits for the pools' Run to return (the ctx given to start must
// have ended) and saves the seeds still ready to the pool file.
func (l *localPools) stop() {
	l.wg.Wait()
	if l.file == "" {
		return
	}
	seeds := map[string][]uint64{}
	n := 0
	for _, profile := range l.profiles {
		pool := l.pool(profile)
		for pool.Ready(profile) > 0 {
			s, err := pool.Next(context.Background(), profile)
			if err != nil {
				break
			}
			seeds[profile] = append(seeds[profile], s)
			n++
		}
	}
	if err := savePoolFile(l.file, seeds); err != nil {
		l.log.Warn("solver pool seeds not saved", "file", l.file, "err", err)
		return
	}
	l.log.Info("solver pool seeds saved", "file", l.file, "seeds", n)
}
