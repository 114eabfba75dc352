package solverpool

import (
	"context"
	"time"
)

// Settings is what a user of an engine's pool chooses: the PoolConfig of
// klondike/solver and of spider/solver is Settings of the engine's rules R
// and its solver's Config C, and their NewPool turns it into a Config.
// Its zero value means the defaults.
type Settings[R, C any] struct {
	// Rules lists the rule sets to keep seeds for; nil means the
	// engine's default rule sets (see its PoolConfig). Rules the solver
	// cannot tell apart share seeds.
	Rules []R
	// Size is how many proven seeds are kept ready per rule set; 0 means 32.
	Size int
	// Workers is how many goroutines solve candidate deals; 0 means 1.
	Workers int
	// Solve is the budget per candidate deal; the zero value means a
	// timeout of 2 s (and the solver's other defaults). Deals not won
	// within it are dropped.
	Solve C
	// Seed returns candidate seeds; nil means 64 random bits from
	// crypto/rand.
	Seed func() uint64
	// OnSolve, if set, is called after each candidate deal's search with
	// the rules it was solved for, the time it took and whether the deal
	// was proven winnable (and so kept). It runs on a worker goroutine
	// and must be quick and safe for concurrent use.
	OnSolve func(rules R, elapsed time.Duration, won bool)
	// Worker, if set, runs each worker goroutine: it must call work once,
	// on its own goroutine, and return when work returns (a worker that
	// lowers its OS thread's priority, say). Nil calls work directly.
	Worker func(work func())
	// Won, if set, decides whether the deal of seed is proven winnable
	// under rules instead of the engine's solver within Solve (a solver
	// in another process, say); it must be safe for concurrent use.
	Won func(ctx context.Context, rules R, seed uint64) bool
}
