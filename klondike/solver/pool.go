package solver

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/solitaire-race/racer/internal/solverpool"
	"github.com/solitaire-race/racer/klondike"
)

// ErrNotPooled reports rules the pool keeps no seeds for.
var ErrNotPooled = errors.New("solver: the pool keeps no seeds for these rules")

// PoolConfig configures a Pool; its zero value means the defaults. Its
// fields, shared with spider/solver, are documented on
// internal/solverpool.Settings. A nil Rules means every named profile;
// rules that differ only in what the solver ignores (undo, hints,
// scoring, name) share seeds.
type PoolConfig = solverpool.Settings[klondike.Rules, Config]

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
// solver while seeds are ready. Workers solve for the rule set with the
// fewest seeds ready. A Pool is safe for concurrent use.
type Pool struct {
	pool *solverpool.Pool[klondike.Rules, poolKey]
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
		won = func(ctx context.Context, r klondike.Rules, seed uint64) bool {
			s, err := klondike.New(klondike.NewDeal(seed), r)
			return err == nil && Solve(ctx, s, cfg.Solve).Verdict == Won
		}
	}
	return &Pool{pool: solverpool.New(solverpool.Config[klondike.Rules, poolKey]{
		Rules:   cfg.Rules,
		Key:     keyOf,
		Size:    cfg.Size,
		Workers: cfg.Workers,
		Seed:    cfg.Seed,
		OnSolve: cfg.OnSolve,
		Worker:  cfg.Worker,
		Won:     won,
	})}, nil
}

// Run fills the pool until ctx is done, with cfg.Workers goroutines, and
// then returns nil.
func (p *Pool) Run(ctx context.Context) error { return p.pool.Run(ctx) }

// Next returns a seed proven winnable under rules. It returns at once
// when one is ready, and otherwise waits for Run to find one or for ctx.
func (p *Pool) Next(ctx context.Context, rules klondike.Rules) (uint64, error) {
	seed, ok, err := p.pool.Next(ctx, rules)
	if !ok {
		return 0, fmt.Errorf("%w: %s", ErrNotPooled, rules.Name)
	}
	return seed, err
}

// Put adds seed, proven winnable under rules by an earlier search (a
// pool saved before a restart), to the seeds ready if there is room, and
// reports whether it did (false also for rules the pool keeps no seeds
// for).
func (p *Pool) Put(rules klondike.Rules, seed uint64) bool { return p.pool.Put(rules, seed) }

// Ready returns how many seeds are ready for rules.
func (p *Pool) Ready(rules klondike.Rules) int { return p.pool.Ready(rules) }
