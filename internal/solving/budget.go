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
