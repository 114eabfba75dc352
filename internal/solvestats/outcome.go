package solvestats

import "time"

// Verdict is a search's answer for one deal.
type Verdict uint8

// The verdicts.
const (
	Unknown Verdict = iota // the budget ran out
	Won                    // a winning line exists
	Lost                   // proven lost
)

// String returns "won", "lost" or "unknown", as the solvers write them.
func (v Verdict) String() string {
	switch v {
	case Won:
		return "won"
	case Lost:
		return "lost"
	}
	return "unknown"
}

// Classify returns the Verdict of a solver's verdict v, given that
// solver's won and lost values; anything else is Unknown.
func Classify[V comparable](v, won, lost V) Verdict {
	switch v {
	case won:
		return Won
	case lost:
		return Lost
	}
	return Unknown
}

// Outcome is the result of one seed.
type Outcome struct {
	Verdict Verdict
	Took    time.Duration
	Nodes   int64
}
