package solver

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/solitaire-race/racer/klondike"
)

// ErrNotPooled reports rules the pool keeps no seeds for.
var ErrNotPooled = errors.New("solver: the pool keeps no seeds for these rules")

// PoolConfig configures a Pool. Its zero value means the defaults.
type PoolConfig struct {
	// Rules lists the rule sets to keep seeds for; nil means every named
	// profile. Rules that differ only in what the solver ignores (undo,
	// hints, scoring, name) share seeds.
	Rules []klondike.Rules
	// Size is how many proven seeds are kept ready per rule set; 0 means 32.
	Size int
	// Workers is how many goroutines solve candidate deals; 0 means 1.
	Workers int
	// Solve is the budget per candidate deal; the zero value means a
	// timeout of 2 s (and the solver's other defaults). Deals not won
	// within it are dropped.
	Solve Config
	// Seed returns candidate seeds; nil means 64 random bits from
	// crypto/rand.
	Seed func() uint64
	// OnSolve, if set, is called after each candidate deal's search with
	// the rules it was solved for, the time it took and whether the deal
	// was proven winnable (and so kept). It runs on a worker goroutine
	// and must be quick and safe for concurrent use.
	OnSolve func(rules klondike.Rules, elapsed time.Duration, won bool)
}

// poolKey is what the solver's verdict depends on.
type poolKey struct {
	draw, passes int
	f2c          bool
}

func keyOf(r klondike.Rules) poolKey {
	return poolKey{draw: r.Draw, passes: r.Passes, f2c: r.FoundationToColumn}
}

// Pool keeps, for each rule set, seeds whose deals are proven winnable,
// refilled in the background by Run, so that Next never waits on the
// solver while seeds are ready. A Pool is safe for concurrent use.
type Pool struct {
	cfg   PoolConfig
	keys  []poolKey
	rules map[poolKey]klondike.Rules
	ready map[poolKey]chan uint64
	wake  chan struct{}
}

// NewPool returns a pool; call Run to fill it.
func NewPool(cfg PoolConfig) (*Pool, error) {
	if cfg.Rules == nil {
		for _, name := range klondike.ProfileNames() {
			r, err := klondike.Profile(name)
			if err != nil {
				return nil, err
			}
			cfg.Rules = append(cfg.Rules, r)
		}
	}
	if cfg.Size <= 0 {
		cfg.Size = 32
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 1
	}
	if cfg.Solve.Timeout <= 0 {
		cfg.Solve.Timeout = 2 * time.Second
	}
	if cfg.Seed == nil {
		cfg.Seed = randomSeed
	}
	p := &Pool{
		cfg:   cfg,
		rules: map[poolKey]klondike.Rules{},
		ready: map[poolKey]chan uint64{},
		wake:  make(chan struct{}, 1),
	}
	for _, r := range cfg.Rules {
		if err := r.Validate(); err != nil {
			return nil, fmt.Errorf("solver: pool rules: %w", err)
		}
		k := keyOf(r)
		if _, ok := p.ready[k]; ok {
			continue
		}
		p.keys = append(p.keys, k)
		p.rules[k] = r
		p.ready[k] = make(chan uint64, cfg.Size)
	}
	return p, nil
}

func randomSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return binary.LittleEndian.Uint64(b[:])
}

// Run fills the pool until ctx is done, with cfg.Workers goroutines, and
// then returns nil.
func (p *Pool) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	for range p.cfg.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.work(ctx)
		}()
	}
	wg.Wait()
	return nil
}

// work solves candidates for the emptiest rule set until every set is
// full, then sleeps until Next takes a seed.
func (p *Pool) work(ctx context.Context) {
	for ctx.Err() == nil {
		k, ok := p.neediest()
		if !ok {
			select {
			case <-ctx.Done():
				return
			case <-p.wake:
				// Pass the wake-up on: other workers may be asleep too.
				select {
				case p.wake <- struct{}{}:
				default:
				}
				continue
			}
		}
		seed := p.cfg.Seed()
		s, err := klondike.New(klondike.NewDeal(seed), p.rules[k])
		if err != nil {
			continue
		}
		start := time.Now()
		won := Solve(ctx, s, p.cfg.Solve).Verdict == Won
		if p.cfg.OnSolve != nil {
			p.cfg.OnSolve(p.rules[k], time.Since(start), won)
		}
		if !won {
			continue
		}
		select {
		case p.ready[k] <- seed:
		default: // another worker filled it meanwhile
		}
	}
}

// neediest returns the rule set with the fewest ready seeds, if any has
// room.
func (p *Pool) neediest() (poolKey, bool) {
	best, room := poolKey{}, 0
	for _, k := range p.keys {
		ch := p.ready[k]
		if r := cap(ch) - len(ch); r > room {
			best, room = k, r
		}
	}
	return best, room > 0
}

// Next returns a seed proven winnable under rules. It returns at once
// when one is ready, and otherwise waits for Run to find one or for ctx.
func (p *Pool) Next(ctx context.Context, rules klondike.Rules) (uint64, error) {
	ch, ok := p.ready[keyOf(rules)]
	if !ok {
		return 0, fmt.Errorf("%w: %s", ErrNotPooled, rules.Name)
	}
	select {
	case seed := <-ch:
		select {
		case p.wake <- struct{}{}:
		default:
		}
		return seed, nil
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

// Ready returns how many seeds are ready for rules.
func (p *Pool) Ready(rules klondike.Rules) int {
	return len(p.ready[keyOf(rules)])
}
