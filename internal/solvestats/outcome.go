package solvestats

import "time"

// The verdicts of Outcome, as the solvers' Verdict.String writes them.
const (
	Won     = "won"
	Lost    = "lost"
	Unknown = "unknown"
)

// Outcome is the result of one seed.
type Outcome struct {
	// Verdict is Won, Lost or Unknown: a solver's Verdict.String().
	Verdict string
	Took    time.Duration
	Nodes   int64
}
