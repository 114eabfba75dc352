package solver

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/solitaire-race/racer/freecell"
	"github.com/solitaire-race/racer/internal/solverpool"
)

// ErrNotPooled reports rules the pool keeps no seeds for.
var ErrNotPooled = errors.New("solver: the pool keeps no seeds for these rules")

// PoolConfig configures a Pool; its zero value means the defaults. Its
// fields, shared with the other solvers, are documented on
// internal/solverpool.Settings. A nil Rules means every profile:
// freecell, freecell-3 and freecell-2. Duplicates share seeds.
type PoolConfig = solverpool.Settings[freecell.Rules, Config]

// Pool keeps, for each rule set, seeds whose deals are proven winnable,
// refilled in the background by Run, so that Next never waits on the
// solver while seeds are ready. Workers take the rule sets with room in
// turn, so a rule set whose deals are slow to prove (fewer free cells,
// more deals lost) does not starve the others. A Pool is safe for
// concurrent use.
type Pool struct {
	pool *solverpool.Pool[freecell.Rules, freecell.Rules]
}

// NewPool returns a pool; call Run to fill it. It fails on rules that are
// not valid.
func NewPool(cfg PoolConfig) (*Pool, error) {
	if cfg.Rules == nil {
		for _, name := range freecell.ProfileNames() {
			r, err := freecell.Profile(name)
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
		won = func(ctx context.Context, r freecell.Rules, seed uint64) bool {
			s, err := freecell.New(freecell.NewDeal(seed), r)
			return err == nil && Solve(ctx, s, cfg.Solve).Verdict == Won
		}
	}
	return &Pool{pool: solverpool.New(solverpool.Config[freecell.Rules, freecell.Rules]{
		Rules:   cfg.Rules,
		Key:     func(r freecell.Rules) freecell.Rules { return r },
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
func (p *Pool) Next(ctx context.Context, rules freecell.Rules) (uint64, error) {
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
func (p *Pool) Put(rules freecell.Rules, seed uint64) bool { return p.pool.Put(rules, seed) }

// Ready returns how many seeds are ready for rules.
func (p *Pool) Ready(rules freecell.Rules) int { return p.pool.Ready(rules) }

// Winnable reports whether the solver proves the deal of seed winnable
// under rules within maxNodes positions (the budget decides, so that
// every machine reaches the same verdict) or timeout, a backstop. False
// means lost or undecided; the error is ctx's when it ended first.
func Winnable(ctx context.Context, rules freecell.Rules, seed uint64, maxNodes int64, timeout time.Duration) (bool, error) {
	s, err := freecell.New(freecell.NewDeal(seed), rules)
	if err != nil {
		return false, err
	}
	res := Solve(ctx, s, Config{MaxNodes: maxNodes, Timeout: timeout})
	return res.Verdict == Won, ctx.Err()
}
