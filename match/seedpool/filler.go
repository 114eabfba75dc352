package seedpool

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/solitaire-race/racer/match/game"
)

// FillerConfig configures a Filler. Its zero value, but for Pool, Games
// and Profiles, means the defaults.
type FillerConfig struct {
	// Pool receives the proven seeds. Required.
	Pool Pool
	// Games finds each profile's game, whose solver pool proves the
	// seeds. Required (games.All).
	Games *game.Registry
	// Profiles lists the rule profiles to keep seeds for. Required.
	Profiles []string
	// Size is how many seeds Pool keeps ready per profile; 0 means 256.
	Size int
	// Workers is how many goroutines solve candidate deals for each
	// game; 0 means 1.
	Workers int
	// Buffer is how many proven seeds each profile keeps in this process
	// while Pool is full, ready for the next room; 0 means 2.
	Buffer int
	// Poll is how often a full profile is checked for room, and the
	// metrics refreshed; 0 means one second.
	Poll time.Duration
	// Worker, if set, runs each solver worker (game.PoolConfig.Worker).
	Worker func(work func())
	// Registerer, if set, receives the metrics: racer_dealer_pool_seeds,
	// racer_dealer_seeds_taken_total, racer_dealer_seeds_added_total and
	// racer_solver_seconds, each per profile.
	Registerer prometheus.Registerer
	// OnAdd, if set, is called after each seed added to the Pool with
	// its profile and how many are ready then. It must be quick and safe
	// for concurrent use.
	OnAdd func(profile string, ready int)
	// Logger hears the Pool's errors and the first fill; nil discards.
	Logger *slog.Logger
}

// Filler runs the games' solver pools and moves their proven seeds into
// a Pool, keeping each profile's seeds at Size as nodes take them. It is
// the heart of cmd/dealer. Several Fillers may fill one Pool: Offer
// keeps the bound. It is safe for concurrent use.
type Filler struct {
	cfg    FillerConfig
	source map[string]game.Pool // by profile
	pools  []game.Pool          // one per game

	ready *prometheus.GaugeVec
	taken map[string]*atomic.Int64 // by profile, at the last look
	added *prometheus.CounterVec
	solve *prometheus.HistogramVec
}

// NewFiller returns a Filler for cfg; call Run to fill.
func NewFiller(cfg FillerConfig) (*Filler, error) {
	if cfg.Pool == nil || cfg.Games == nil || len(cfg.Profiles) == 0 {
		return nil, errors.New("seedpool: FillerConfig needs Pool, Games and Profiles")
	}
	if cfg.Size <= 0 {
		cfg.Size = 256
	}
	if cfg.Buffer <= 0 {
		cfg.Buffer = 2
	}
	if cfg.Poll <= 0 {
		cfg.Poll = time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	f := &Filler{cfg: cfg, source: map[string]game.Pool{}, taken: map[string]*atomic.Int64{}}
	f.metrics()
	byGame := map[string][]string{}
	var order []game.Game
	for _, p := range cfg.Profiles {
		v, err := cfg.Games.Lookup(p)
		if err != nil {
			return nil, fmt.Errorf("seedpool: %w", err)
		}
		g := v.Game()
		if byGame[g.Name()] == nil {
			order = append(order, g)
		}
		byGame[g.Name()] = append(byGame[g.Name()], p)
	}
	for _, g := range order {
		pool, err := g.NewPool(game.PoolConfig{
			Profiles: byGame[g.Name()], Size: cfg.Buffer, Workers: cfg.Workers, Worker: cfg.Worker,
			OnSolve: func(profile string, elapsed time.Duration, _ bool) {
				f.solve.WithLabelValues(profile).Observe(elapsed.Seconds())
			},
		})
		if err != nil {
			return nil, err
		}
		f.pools = append(f.pools, pool)
		for _, p := range byGame[g.Name()] {
			f.source[p] = pool
		}
	}
	if reg := cfg.Registerer; reg != nil {
		cs := []prometheus.Collector{f.ready, f.added, f.solve}
		for _, p := range cfg.Profiles {
			n := f.taken[p]
			cs = append(cs, prometheus.NewCounterFunc(prometheus.CounterOpts{
				Name:        "racer_dealer_seeds_taken_total",
				Help:        "Proven seeds nodes took from the shared pool since its keys were created, per rule profile, at the dealer's last look.",
				ConstLabels: prometheus.Labels{"profile": p},
			}, func() float64 { return float64(n.Load()) }))
		}
		for _, c := range cs {
			if err := reg.Register(c); err != nil {
				return nil, err
			}
		}
	}
	return f, nil
}

func (f *Filler) metrics() {
	f.ready = prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Name: "racer_dealer_pool_seeds",
		Help: "Proven seeds ready in the shared pool for nodes to deal, per rule profile, at the dealer's last look.",
	}, []string{"profile"})
	f.added = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "racer_dealer_seeds_added_total",
		Help: "Proven seeds this dealer added to the shared pool, per rule profile.",
	}, []string{"profile"})
	f.solve = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "racer_solver_seconds",
		Help:    "Time the solver pool spent on each candidate deal, won or not, per rule profile.",
		Buckets: prometheus.ExponentialBuckets(0.001, 2.5, 12),
	}, []string{"profile"})
	for _, p := range f.cfg.Profiles {
		f.ready.WithLabelValues(p)
		f.taken[p] = new(atomic.Int64)
		f.added.WithLabelValues(p)
		f.solve.WithLabelValues(p)
	}
}

// Run fills the Pool until ctx ends, then returns nil. Errors of the
// Pool are logged and retried every Poll.
func (f *Filler) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	for _, pool := range f.pools {
		wg.Go(func() { _ = pool.Run(ctx) })
	}
	for _, p := range f.cfg.Profiles {
		wg.Go(func() { f.feed(ctx, p) })
	}
	wg.Go(func() { f.watch(ctx) })
	wg.Wait()
	return nil
}

// feed moves profile's proven seeds into the Pool while it has room.
func (f *Filler) feed(ctx context.Context, profile string) {
	src := f.source[profile]
	for {
		seed, err := src.Next(ctx, profile)
		if err != nil {
			return // ctx ended
		}
		for {
			added, ready, err := f.cfg.Pool.Offer(ctx, profile, seed, f.cfg.Size)
			if err == nil {
				f.ready.WithLabelValues(profile).Set(float64(ready))
				if added {
					f.added.WithLabelValues(profile).Inc()
					if f.cfg.OnAdd != nil {
						f.cfg.OnAdd(profile, ready)
					}
					break
				}
			} else if ctx.Err() == nil {
				f.cfg.Logger.Warn("seed pool unavailable; retrying", "profile", profile, "err", err)
			}
			if !f.wait(ctx) {
				return
			}
		}
	}
}

// watch refreshes the metrics every Poll from the Pool.
func (f *Filler) watch(ctx context.Context) {
	for {
		if stats, err := f.cfg.Pool.Stats(ctx, f.cfg.Profiles); err == nil {
			for i, p := range f.cfg.Profiles {
				f.ready.WithLabelValues(p).Set(float64(stats[i].Ready))
				f.taken[p].Store(stats[i].Taken)
			}
		}
		if !f.wait(ctx) {
			return
		}
	}
}

// wait waits Poll and reports whether ctx is still live.
func (f *Filler) wait(ctx context.Context) bool {
	t := time.NewTimer(f.cfg.Poll)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
