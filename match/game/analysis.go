package game

import (
	"context"
	"time"
)

// AnalysisBudget bounds an analysis. Its zero value means the solver's
// defaults.
type AnalysisBudget struct {
	// MaxNodes bounds the positions searched for one position's verdict;
	// 0 means the solver's default.
	MaxNodes int64
	// Timeout bounds one position's search; 0 means the solver's default.
	Timeout time.Duration
	// GameNodes bounds the positions searched for the whole game; 0
	// means the solver's default.
	GameNodes int64
	// GameTimeout bounds the whole analysis; 0 means the solver's
	// default. The context's deadline, if earlier, wins.
	GameTimeout time.Duration
}

// Analysis is the verdict of every position of a game, judged with every
// card known (the player saw only the face-up cards).
type Analysis struct {
	// Verdicts holds len(moves)+1 verdicts: the position before any
	// move, then the position after each. Once lost, a game is never won
	// again.
	Verdicts []Verdict
	// Nodes and Durations hold, per verdict, the positions searched and
	// the time the search took: 0 for a verdict that follows from its
	// neighbours (every position before a won one is won, every position
	// after a lost one lost).
	Nodes     []int64
	Durations []time.Duration
	// FirstLost is the index k of the first lost verdict whose
	// predecessor is won: moves[k-1] threw the game away. It is -1 when
	// there is no such k.
	FirstLost int
	// Line is a winning line, in the game's notation, from the position
	// after FirstLost-1 moves; nil when FirstLost is -1.
	Line []string
}

// Analyzer is a Variant whose solver judges every position of a finished
// game. Check for it with a type assertion.
type Analyzer interface {
	// Analyze judges the deal of seed and the position after each of
	// moves (in the game's notation), within budget. A move that does not
	// parse is an error wrapping ErrNotation, an illegal one wraps
	// ErrIllegalMove; both name the move's number. The error is ctx's
	// when it ended before the analysis did.
	Analyze(ctx context.Context, seed uint64, moves []string, budget AnalysisBudget) (Analysis, error)
}
