package solver

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/solitaire-race/racer/spider"
)

// ErrNotPooled reports rules the pool keeps no seeds for.
var ErrNotPooled = errors.New("solver: the pool keeps no seeds for these rules")

// PoolConfig configures a Pool. Its zero value means the defaults.
type PoolConfig struct {
	// Rules lists the rule sets to keep seeds for; nil means the race
	// profiles: spider-1, spider-2 and spider-4 (permissive groups).
	// Duplicates share seeds.
	Rules []spider.Rules
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
	OnSolve func(rules spider.Rules, elapsed time.Duration, won bool)
}

// raceProfiles are the profiles a nil PoolConfig.Rules stands for.
var raceProfiles = []string{"spider-1", "spider-2", "spider-4"}

// Pool keeps, for each rule set, seeds whose deals are proven winnable,
// refilled in the background by Run, so that Next never waits on the
// solver while seeds are ready. Workers take the rule sets with room in
// turn, so a rule set whose deals are slow to prove does not starve the
// others. A Pool is safe for concurrent use.
type Pool struct {
	cfg   PoolConfig
	keys  []spider.Rules
	ready map[spider.Rules]chan uint64
	wake  chan struct{}

	turnMu sync.Mutex
	turn   int // where the next search for a rule set with room starts
}

// NewPool returns a pool; call Run to fill it. It fails on rules that are
// not valid.
func NewPool(cfg PoolConfig) (*Pool, error) {
	if cfg.Rules == nil {
		for _, name := range raceProfiles {
			r, err := spider.Profile(name)
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
		ready: map[spider.Rules]chan uint64{},
		wake:  make(chan struct{}, 1),
	}
	for _, r := range cfg.Rules {
		if err := r.Validate(); err != nil {
			return nil, fmt.Errorf("solver: pool rules: %w", err)
		}
		if _, ok := p.ready[r]; ok {
			continue
		}
		p.keys = append(p.keys, r)
		p.ready[r] = make(chan uint64, cfg.Size)
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

// work solves candidates for the rule sets with room, in turn, until
// every set is full, then sleeps until Next takes a seed.
func (p *Pool) work(ctx context.Context) {
	for ctx.Err() == nil {
		r, ok := p.nextWithRoom()
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
		s, err := spider.New(spider.NewDeal(seed, r.Suits), r)
		if err != nil {
			continue
		}
		start := time.Now()
		won := Solve(ctx, s, p.cfg.Solve).Verdict == Won
		if p.cfg.OnSolve != nil {
			p.cfg.OnSolve(r, time.Since(start), won)
		}
		if !won {
			continue
		}
		select {
		case p.ready[r] <- seed:
		default: // another worker filled it meanwhile
		}
	}
}

// nextWithRoom returns the next rule set, in turn, that has room for a
// seed, if any has.
func (p *Pool) nextWithRoom() (spider.Rules, bool) {
	p.turnMu.Lock()
	defer p.turnMu.Unlock()
	for i := range p.keys {
		k := p.keys[(p.turn+i)%len(p.keys)]
		if ch := p.ready[k]; len(ch) < cap(ch) {
			p.turn = (p.turn + i + 1) % len(p.keys)
			return k, true
		}
	}
	return spider.Rules{}, false
}

// Next returns a seed proven winnable under rules. It returns at once
// when one is ready, and otherwise waits for Run to find one or for ctx.
func (p *Pool) Next(ctx context.Context, rules spider.Rules) (uint64, error) {
	ch, ok := p.ready[rules]
	if !ok {
		return 0, fmt.Errorf("%w: %s", ErrNotPooled, rules)
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
func (p *Pool) Ready(rules spider.Rules) int {
	return len(p.ready[rules])
}
