package solver

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/solitaire-race/racer/internal/solverpool"
	"github.com/solitaire-race/racer/spider"
)

// ErrNotPooled reports rules the pool keeps no seeds for.
var ErrNotPooled = errors.New("solver: the pool keeps no seeds for these rules")

// PoolConfig configures a Pool; its zero value means the defaults. Its
// fields, shared with klondike/solver, are documented on
// internal/solverpool.Settings. A nil Rules means the race profiles:
// spider-1, spider-2 and spider-4 (permissive groups). Duplicates share
// seeds.
type PoolConfig = solverpool.Settings[spider.Rules, Config]

// raceProfiles are the profiles a nil PoolConfig.Rules stands for.
var raceProfiles = []string{"spider-1", "spider-2", "spider-4"}

// Pool keeps, for each rule set, seeds whose deals are proven winnable,
// refilled in the background by Run, so that Next never waits on the
// solver while seeds are ready. Workers take the rule sets with room in
// turn, so a rule set whose deals are slow to prove does not starve the
// others. A Pool is safe for concurrent use.
type Pool struct {
	pool *solverpool.Pool[spider.Rules, spider.Rules]
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
	if cfg.Solve.Timeout <= 0 {
		cfg.Solve.Timeout = 2 * time.Second
	}
	for _, r := range cfg.Rules {
		if err := r.Validate(); err != nil {
			return nil, fmt.Errorf("solver: pool rules: %w", err)
		}
	}
	won := cfg.Won
	if won == nil {
		won = func(ctx context.Context, r spider.Rules, seed uint64) bool {
			s, err := spider.New(spider.NewDeal(seed, r.Suits), r)
			return err == nil && Solve(ctx, s, cfg.Solve).Verdict == Won
		}
	}
	return &Pool{pool: solverpool.New(solverpool.Config[spider.Rules, spider.Rules]{
		Rules:   cfg.Rules,
		Key:     func(r spider.Rules) spider.Rules { return r },
		Size:    cfg.Size,
		Workers: cfg.Workers,
		Seed:    cfg.Seed,
		OnSolve: cfg.OnSolve,
		Worker:  cfg.Worker,
		InTurn:  true,
		Won:     won,
	})}, nil
}

// Run fills the pool until ctx is done, with cfg.Workers goroutines, and
// then returns nil.
func (p *Pool) Run(ctx context.Context) error { return p.pool.Run(ctx) }

// Next returns a seed proven winnable under rules. It returns at once
// when one is ready, and otherwise waits for Run to find one or for ctx.
func (p *Pool) Next(ctx context.Context, rules spider.Rules) (uint64, error) {
	seed, ok, err := p.pool.Next(ctx, rules)
	if !ok {
		return 0, fmt.Errorf("%w: %s", ErrNotPooled, rules)
	}
	return seed, err
}

// Put adds seed, proven winnable under rules by an earlier search (a
// pool saved before a restart), to the seeds ready if there is room, and
// reports whether it did (false also for rules the pool keeps no seeds
// for).
func (p *Pool) Put(rules spider.Rules, seed uint64) bool { return p.pool.Put(rules, seed) }

// Ready returns how many seeds are ready for rules.
func (p *Pool) Ready(rules spider.Rules) int { return p.pool.Ready(rules) }
