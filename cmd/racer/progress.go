package main

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/solitaire-race/racer/match/daily"
)

// poolProgress logs the solver pools' first fill: one line when it
// starts and one when every profile has size proven deals ready, so that
// a person starting the server knows why early races may say "deal not
// solver-checked" and when that ends. It is safe for concurrent use (the
// pools' workers call solved).
type poolProgress struct {
	log      *slog.Logger
	size     int
	start    time.Time
	profiles []string

	mu sync.Mutex
	// ready returns how many seeds a profile's pool has ready: profiles
	// whose deals the solver treats alike share seeds, and a pool
	// reports a solve under one of their names only. Nil until set.
	ready func(profile string) int
	// done is set once the fill is logged.
	done bool
}

// newPoolProgress logs that the pools of profiles start filling with
// size proven deals each.
func newPoolProgress(log *slog.Logger, profiles []string, size, workers int) *poolProgress {
	p := &poolProgress{log: log, size: size, start: time.Now(), profiles: profiles}
	log.Info("filling the solver pools in the background; until then races may deal seeds not solver-checked",
		"profiles", len(profiles), "deals_per_profile", size, "workers_per_game", workers)
	return p
}

// setReady tells p how to read a profile's ready seeds, and logs the fill
// if the pools are full already (seeds restored from a file).
func (p *poolProgress) setReady(ready func(profile string) int) {
	p.mu.Lock()
	p.ready = ready
	p.mu.Unlock()
	p.solved("", true)
}

// solved records one search of the pool of profile; won reports whether
// the deal was proven winnable (and so kept). When every profile then
// has size seeds ready, it logs that the pools are full, once.
func (p *poolProgress) solved(profile string, won bool) {
	if !won {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.done || p.ready == nil {
		return
	}
	for _, name := range p.profiles {
		if p.ready(name) < p.size {
			return
		}
	}
	p.done = true
	p.log.Info("solver pools full: every race gets a deal proven winnable",
		"elapsed", time.Since(p.start).Round(time.Millisecond).String())
}

// warmDaily computes today's daily challenge of each profile between two
// log lines (the search takes seconds per profile), then keeps the
// challenges warm with d.Warm until ctx ends. Each profile's search
// first waits for idle, if given (a governor's Wait: the search runs on
// the node, and a player who asks meanwhile has it searched at once).
func warmDaily(ctx context.Context, d *daily.Service, profiles []string, idle func(context.Context) error, log *slog.Logger) {
	start := time.Now()
	log.Info("searching today's daily challenges in the background", "profiles", len(profiles))
	for _, p := range profiles {
		if idle != nil && idle(ctx) != nil {
			return
		}
		if _, err := d.Today(ctx, p); err != nil {
			if ctx.Err() != nil {
				return
			}
			log.Warn("daily challenge not ready; retried within a minute", "profile", p, "err", err)
		}
	}
	log.Info("daily challenges ready", "elapsed", time.Since(start).Round(time.Millisecond).String())
	_ = d.Warm(ctx, profiles, time.Minute)
}
