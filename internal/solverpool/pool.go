package solverpool

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"sync"
	"time"
)

// Config configures a Pool of rules R; rules with the same key K share
// seeds. Its zero value, but for Key and Won, means the defaults.
type Config[R any, K comparable] struct {
	// Rules lists the rule sets to keep seeds for, in the order workers
	// visit them; rules whose key is already listed are skipped.
	Rules []R
	// Key returns what the solver's verdict depends on.
	Key func(R) K
	// Won reports whether the deal of seed is proven winnable under
	// rules. It runs on the worker goroutines and must be safe for
	// concurrent use; false (not proven, or no deal) drops the seed.
	Won func(ctx context.Context, rules R, seed uint64) bool
	// InTurn makes workers take the rule sets with room in turn, so that
	// a rule set whose deals are slow to prove does not starve the
	// others; false makes them take the rule set with the most room.
	InTurn bool

	// Size, Workers, Seed and OnSolve, and their defaults, are those of
	// Settings.
	Size    int
	Workers int
	Seed    func() uint64
	OnSolve func(rules R, elapsed time.Duration, won bool)
	// Worker, if set, runs each worker: it must call work once, on the
	// goroutine it was called on, and return when work returns. It lets
	// the caller prepare the goroutine's OS thread, such as locking it
	// and lowering its scheduling priority so that solving yields to
	// other work. Nil calls work directly.
	Worker func(work func())
}

// Pool keeps, for each rule set, seeds whose deals are proven winnable,
// refilled in the background by Run, so that Next never waits on the
// solver while seeds are ready. A Pool is safe for concurrent use.
type Pool[R any, K comparable] struct {
	cfg   Config[R, K]
	keys  []K
	rules map[K]R
	ready map[K]chan uint64

	// roomMu guards room, which is closed and replaced each time a seed
	// leaves the pool: every worker asleep on a full pool wakes once, and
	// none wakes while nothing changed.
	roomMu sync.Mutex
	room   chan struct{}

	// idle, for tests, is called each time a worker finds every rule set
	// full and goes to sleep.
	idle func()

	turnMu sync.Mutex
	turn   int // with InTurn: where the next search for a key with room starts
}

// New returns a pool; call Run to fill it.
func New[R any, K comparable](cfg Config[R, K]) *Pool[R, K] {
	if cfg.Size <= 0 {
		cfg.Size = 32
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 1
	}
	if cfg.Seed == nil {
		cfg.Seed = randomSeed
	}
	p := &Pool[R, K]{
		cfg:   cfg,
		rules: map[K]R{},
		ready: map[K]chan uint64{},
		room:  make(chan struct{}),
	}
	for _, r := range cfg.Rules {
		k := cfg.Key(r)
		if _, ok := p.ready[k]; ok {
			continue
		}
		p.keys = append(p.keys, k)
		p.rules[k] = r
		p.ready[k] = make(chan uint64, cfg.Size)
	}
	return p
}

func randomSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return binary.LittleEndian.Uint64(b[:])
}

// Run fills the pool until ctx is done, with Config.Workers goroutines,
// and then returns nil.
func (p *Pool[R, K]) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	for range p.cfg.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if p.cfg.Worker == nil {
				p.work(ctx)
				return
			}
			p.cfg.Worker(func() { p.work(ctx) })
		}()
	}
	wg.Wait()
	return nil
}

// work solves candidates for the rule sets with room until every set is
// full, then sleeps until Next takes a seed.
func (p *Pool[R, K]) work(ctx context.Context) {
	for ctx.Err() == nil {
		// Read before pick, so that a seed taken between pick and the
		// wait still wakes this worker.
		room := p.roomChanged()
		k, ok := p.pick()
		if !ok {
			if p.idle != nil {
				p.idle()
			}
			select {
			case <-ctx.Done():
				return
			case <-room:
				continue
			}
		}
		seed := p.cfg.Seed()
		start := time.Now()
		won := p.cfg.Won(ctx, p.rules[k], seed)
		if won {
			select {
			case p.ready[k] <- seed:
			default: // another worker filled it meanwhile
			}
		}
		// After the seed is kept, so that OnSolve sees it in Ready.
		if p.cfg.OnSolve != nil {
			p.cfg.OnSolve(p.rules[k], time.Since(start), won)
		}
	}
}

// pick returns the rule set to solve a candidate for, if any has room.
func (p *Pool[R, K]) pick() (K, bool) {
	if p.cfg.InTurn {
		return p.nextWithRoom()
	}
	return p.neediest()
}

// neediest returns the rule set with the fewest ready seeds, if any has
// room.
func (p *Pool[R, K]) neediest() (K, bool) {
	var best K
	room := 0
	for _, k := range p.keys {
		ch := p.ready[k]
		if r := cap(ch) - len(ch); r > room {
			best, room = k, r
		}
	}
	return best, room > 0
}

// nextWithRoom returns the next rule set, in turn, that has room for a
// seed, if any has.
func (p *Pool[R, K]) nextWithRoom() (K, bool) {
	p.turnMu.Lock()
	defer p.turnMu.Unlock()
	for i := range p.keys {
		k := p.keys[(p.turn+i)%len(p.keys)]
		if ch := p.ready[k]; len(ch) < cap(ch) {
			p.turn = (p.turn + i + 1) % len(p.keys)
			return k, true
		}
	}
	var none K
	return none, false
}

// Has reports whether the pool keeps seeds for rules.
func (p *Pool[R, K]) Has(rules R) bool {
	_, ok := p.ready[p.cfg.Key(rules)]
	return ok
}

// Next returns a seed proven winnable under rules. It returns at once
// when one is ready, and otherwise waits for Run to find one or for ctx.
// ok is false, at once, for rules the pool keeps no seeds for (see Has).
func (p *Pool[R, K]) Next(ctx context.Context, rules R) (seed uint64, ok bool, err error) {
	ch, ok := p.ready[p.cfg.Key(rules)]
	if !ok {
		return 0, false, nil
	}
	select {
	case seed := <-ch:
		p.madeRoom()
		return seed, true, nil
	case <-ctx.Done():
		return 0, true, ctx.Err()
	}
}

// roomChanged returns a channel closed when a seed next leaves the pool.
func (p *Pool[R, K]) roomChanged() <-chan struct{} {
	p.roomMu.Lock()
	defer p.roomMu.Unlock()
	return p.room
}

// madeRoom wakes every worker asleep on a full pool.
func (p *Pool[R, K]) madeRoom() {
	p.roomMu.Lock()
	defer p.roomMu.Unlock()
	close(p.room)
	p.room = make(chan struct{})
}

// Put adds seed, proven winnable under rules by an earlier search (a
// pool saved before a restart), to the seeds ready for rules if they have
// room, and reports whether it did. Seeds put before Run spare the
// workers those searches.
func (p *Pool[R, K]) Put(rules R, seed uint64) bool {
	ch, ok := p.ready[p.cfg.Key(rules)]
	if !ok {
		return false
	}
	select {
	case ch <- seed:
		return true
	default:
		return false
	}
}

// Ready returns how many seeds are ready for rules.
func (p *Pool[R, K]) Ready(rules R) int {
	return len(p.ready[p.cfg.Key(rules)])
}
