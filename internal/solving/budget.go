package solving

import "time"

// The defaults of a search's budget: the most positions searched, the
// longest time and the memory of the transposition tables, in bytes.
const (
	DefaultMaxNodes  = 50_000_000
	DefaultTimeout   = 10 * time.Second
	DefaultMaxMemory = 256 << 20
)

// OrDefault returns v when it is positive, and def otherwise: a budget of
// zero (or less) in a solver's Config means the default.
func OrDefault[T int64 | time.Duration](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}

// Budget bounds a search: spider/solver.Config is a Budget, and
// klondike/solver.Config has the same fields. Its zero value means the
// defaults.
type Budget struct {
	// MaxNodes is the most positions searched; 0 means DefaultMaxNodes.
	MaxNodes int64
	// Timeout is the longest a search runs; 0 means DefaultTimeout. The
	// context's deadline, if earlier, wins.
	Timeout time.Duration
	// MaxMemory bounds the transposition table, in bytes; 0 means
	// DefaultMaxMemory. A search that fills it answers Unknown.
	MaxMemory int64
}

// WithDefaults returns b with each budget of zero (or less) set to its
// default.
func (b Budget) WithDefaults() Budget {
	b.MaxNodes = OrDefault(b.MaxNodes, DefaultMaxNodes)
	b.Timeout = OrDefault(b.Timeout, DefaultTimeout)
	b.MaxMemory = OrDefault(b.MaxMemory, DefaultMaxMemory)
	return b
}
