package solverproc

import (
	"context"
	"runtime/metrics"
	"sync"
	"time"
)

// GovernorConfig configures a Governor. Its zero value means the
// defaults.
type GovernorConfig struct {
	// Latency is how long a goroutine of the node may wait to run before
	// its wait counts as slow. Default 2 ms.
	Latency time.Duration
	// Share is the share of slow waits among the goroutines' waits in
	// one sample above which the node counts as busy. Default 0.01.
	Share float64
	// MaxRate is the most waits to run a second, as Sample counts them,
	// of a node that counts as idle: above it the node is serving
	// traffic and counts as busy whatever its latencies. The runtime
	// samples one goroutine wake-up in eight, and a move wakes about
	// five goroutines, so 600 is about 1,000 moves a second. 0 means
	// 600; negative, no limit.
	MaxRate float64
	// MinWaits is the fewest waits a sample needs to say anything: an
	// idle node wakes few goroutines, and one slow wait among a handful
	// is no sign of a busy node. Default 100.
	MinWaits uint64
	// Every is the time between samples. Default 250 ms.
	Every time.Duration
	// Hold is how long the node stays busy after a busy sample. Default
	// 1 s.
	Hold time.Duration
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Sample returns the goroutines' waits to run since the process
	// started and how many of them took longer than latency; nil reads
	// the runtime's /sched/latencies:seconds.
	Sample func(latency time.Duration) (waits, slow uint64)
}

// Governor holds the solver process's searches back while the node is
// busy: while, in its last samples, more than Share of the node's
// goroutines waited longer than Latency to run (the node is short of
// CPU), or they woke more than MaxRate times a second (the node serves
// traffic; even at the lowest priority a busy solver process shares the
// machine's caches and, on a virtual machine, the host's time). The next
// search waits (Wait), and a Client with Config.Pause set stops the
// process meanwhile, so a search already sent waits too. It is safe for
// concurrent use.
type Governor struct {
	cfg GovernorConfig

	mu          sync.Mutex
	busyUntil   time.Time
	waits, slow uint64    // the last sample
	at          time.Time // when it was taken
	sampled     bool
	idle        chan struct{} // closed while the node is not busy
	changed     chan struct{} // closed when busy turns idle or idle busy
}

// NewGovernor returns a governor; call Run to sample the node.
func NewGovernor(cfg GovernorConfig) *Governor {
	if cfg.Latency <= 0 {
		cfg.Latency = 2 * time.Millisecond
	}
	if cfg.Share <= 0 {
		cfg.Share = 0.01
	}
	if cfg.MaxRate == 0 {
		cfg.MaxRate = 600
	}
	if cfg.MinWaits == 0 {
		cfg.MinWaits = 100
	}
	if cfg.Every <= 0 {
		cfg.Every = 250 * time.Millisecond
	}
	if cfg.Hold <= 0 {
		cfg.Hold = time.Second
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Sample == nil {
		cfg.Sample = schedLatencies
	}
	idle := make(chan struct{})
	close(idle)
	return &Governor{cfg: cfg, idle: idle, changed: make(chan struct{})}
}

// Run samples the node every Config.Every until ctx ends, and returns
// nil.
func (g *Governor) Run(ctx context.Context) error {
	t := time.NewTicker(g.cfg.Every)
	defer t.Stop()
	for {
		g.Observe()
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// Observe takes one sample and updates whether the node is busy.
func (g *Governor) Observe() {
	waits, slow := g.cfg.Sample(g.cfg.Latency)
	now := g.cfg.Now()
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.sampled && waits >= g.waits+g.cfg.MinWaits {
		n := float64(waits - g.waits)
		slowShare := float64(slow-g.slow) > g.cfg.Share*n
		dt := now.Sub(g.at).Seconds()
		serving := g.cfg.MaxRate > 0 && dt > 0 && n/dt > g.cfg.MaxRate
		if slowShare || serving {
			g.busyUntil = now.Add(g.cfg.Hold)
		}
	}
	g.waits, g.slow, g.at, g.sampled = waits, slow, now, true
	busy := now.Before(g.busyUntil)
	select {
	case <-g.idle:
		if busy {
			g.idle = make(chan struct{})
			g.changedLocked()
		}
	default:
		if !busy {
			close(g.idle)
			g.changedLocked()
		}
	}
}

// changedLocked wakes whoever waits for the next change of state. g.mu
// is held.
func (g *Governor) changedLocked() {
	close(g.changed)
	g.changed = make(chan struct{})
}

// State reports whether the node counts as busy, and returns a channel
// closed when that changes.
func (g *Governor) State() (busy bool, changed <-chan struct{}) {
	g.mu.Lock()
	defer g.mu.Unlock()
	select {
	case <-g.idle:
		return false, g.changed
	default:
		return true, g.changed
	}
}

// Busy reports whether the node counts as busy.
func (g *Governor) Busy() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	select {
	case <-g.idle:
		return false
	default:
		return true
	}
}

// Wait returns when the node is not busy, or ctx's error.
func (g *Governor) Wait(ctx context.Context) error {
	g.mu.Lock()
	idle := g.idle
	g.mu.Unlock()
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// schedLatencies reads the runtime's histogram of the time goroutines
// waited to run: all its counts, and those of the buckets at or above
// latency.
func schedLatencies(latency time.Duration) (waits, slow uint64) {
	s := []metrics.Sample{{Name: "/sched/latencies:seconds"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindFloat64Histogram {
		return 0, 0
	}
	h := s[0].Value.Float64Histogram()
	for i, c := range h.Counts {
		waits += c
		if h.Buckets[i] >= latency.Seconds() {
			slow += c
		}
	}
	return waits, slow
}
