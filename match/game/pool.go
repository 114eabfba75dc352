package game

import (
	"context"
	"time"
)

// PoolConfig configures a game's solver pool. Its zero value means the
// defaults.
type PoolConfig struct {
	// Profiles lists the rule profiles to keep seeds for; nil means the
	// game's own default set.
	Profiles []string
	// Size is how many proven seeds are kept ready per profile; 0 means
	// the solver's default (32).
	Size int
	// Workers is how many goroutines solve candidate deals; 0 means 1.
	Workers int
	// OnSolve, if set, is called after each candidate deal's search with
	// the profile it was solved for, the time it took and whether the deal
	// was proven winnable (and kept). It runs on a worker goroutine and
	// must be quick and safe for concurrent use.
	OnSolve func(profile string, elapsed time.Duration, won bool)
	// Worker, if set, runs each worker goroutine: it must call work once,
	// on its own goroutine, and return when work returns. It lets the
	// caller prepare the worker's OS thread (lock it, lower its priority)
	// so that solving yields to serving. Nil calls work directly.
	Worker func(work func())
	// Winnable, if set, decides whether the deal of seed is proven
	// winnable for profile instead of the game's solver on the worker
	// goroutine: it must give the verdict of the profile's
	// Variant.Winnable(ctx, seed, PoolNodes, PoolTimeout), the solver in another
	// process, say, and be safe for concurrent use.
	Winnable func(ctx context.Context, profile string, seed uint64) bool
}

// PoolNodes is the most positions a pool's solver searches on one
// candidate deal: deals not proven winnable within it are dropped. It
// gives up early on the few candidates that cost most (lost deals that
// take long to prove lost, and wins hard to find), at the price of
// some winnable deals: docs/SOLVER.md ("The pools' budget") gives the
// share and what it does to the deals dealt. A budget in positions
// gives every machine the same verdicts, whatever its load.
const PoolNodes = 50_000

// PoolTimeout is the longest a pool's solver spends on one candidate
// deal, a backstop behind PoolNodes on a machine starved of CPU.
const PoolTimeout = 2 * time.Second

// Pool keeps, per rule profile, seeds whose deals the game's solver proved
// winnable, refilled in the background by Run. It is safe for concurrent
// use.
type Pool interface {
	// Run fills the pool until ctx is done.
	Run(ctx context.Context) error
	// Ready returns the number of seeds ready for profile (0 for a
	// profile the pool does not keep).
	Ready(profile string) int
	// Next returns a proven seed for profile, waiting for one until ctx
	// is done.
	Next(ctx context.Context, profile string) (uint64, error)
	// Put adds seed, proven winnable for profile by an earlier search (a
	// pool saved before a restart), to the seeds ready if there is room,
	// and reports whether it did. Seeds put before Run spare the solver
	// those searches.
	Put(profile string, seed uint64) bool
}

// RulesPool is an engine's solver pool, keyed by the engine's rules R.
type RulesPool[R any] interface {
	Run(ctx context.Context) error
	Ready(rules R) int
	Next(ctx context.Context, rules R) (uint64, error)
	Put(rules R, seed uint64) bool
}

// PoolOf returns p as a Pool keyed by profile name, looking names up with
// rules (whose error for an unknown name wraps ErrUnknownProfile).
func PoolOf[R any](p RulesPool[R], rules func(profile string) (R, error)) Pool {
	return namedPool[R]{p: p, rules: rules}
}

// RulesPoolConfig is a PoolConfig in an engine's rules R: what the
// newPool of NewPoolOf makes the engine's solver pool from.
type RulesPoolConfig[R any] struct {
	// Rules lists the rules to keep seeds for: PoolConfig.Profiles'.
	Rules []R
	// Size, Workers and Worker are PoolConfig's.
	Size, Workers int
	Worker        func(work func())
	// OnSolve is PoolConfig's, given the rules solved for; nil when
	// PoolConfig's is.
	OnSolve func(r R, elapsed time.Duration, won bool)
	// Won is PoolConfig.Winnable, given the rules to solve for; nil when
	// PoolConfig's is.
	Won func(ctx context.Context, r R, seed uint64) bool
}

// NewPoolOf returns, as a Pool keyed by profile name, the engine's solver
// pool that newPool makes for cfg: its profiles looked up with rules
// (whose error for an unknown name wraps ErrUnknownProfile), and its
// OnSolve told the profile's name of the rules solved for.
func NewPoolOf[R any, P RulesPool[R]](cfg PoolConfig, rules func(profile string) (R, error),
	name func(R) string, newPool func(RulesPoolConfig[R]) (P, error)) (Pool, error) {
	rs, err := RulesOf(cfg.Profiles, rules)
	if err != nil {
		return nil, err
	}
	pc := RulesPoolConfig[R]{Rules: rs, Size: cfg.Size, Workers: cfg.Workers, Worker: cfg.Worker}
	if cfg.OnSolve != nil {
		pc.OnSolve = func(r R, elapsed time.Duration, won bool) { cfg.OnSolve(name(r), elapsed, won) }
	}
	if cfg.Winnable != nil {
		pc.Won = func(ctx context.Context, r R, seed uint64) bool { return cfg.Winnable(ctx, name(r), seed) }
	}
	p, err := newPool(pc)
	if err != nil {
		return nil, err
	}
	return PoolOf[R](p, rules), nil
}

// RulesOf looks up the rules of each profile name.
func RulesOf[R any](names []string, rules func(profile string) (R, error)) ([]R, error) {
	out := make([]R, 0, len(names))
	for _, name := range names {
		r, err := rules(name)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

type namedPool[R any] struct {
	p     RulesPool[R]
	rules func(string) (R, error)
}

func (p namedPool[R]) Run(ctx context.Context) error { return p.p.Run(ctx) }

func (p namedPool[R]) Ready(profile string) int {
	r, err := p.rules(profile)
	if err != nil {
		return 0
	}
	return p.p.Ready(r)
}

func (p namedPool[R]) Put(profile string, seed uint64) bool {
	r, err := p.rules(profile)
	return err == nil && p.p.Put(r, seed)
}

func (p namedPool[R]) Next(ctx context.Context, profile string) (uint64, error) {
	r, err := p.rules(profile)
	if err != nil {
		return 0, err
	}
	return p.p.Next(ctx, r)
}
