package solver

import (
	"context"
	"fmt"
	"time"

	"github.com/solitaire-race/racer/freecell"
	"github.com/solitaire-race/racer/internal/solving"
)

// AnalyzeConfig bounds an analysis. Its zero value means the defaults
// (solving.AnalysisBudget documents them).
type AnalyzeConfig struct {
	solving.AnalysisBudget
	// MaxMemory bounds each position's transposition table, in bytes; 0
	// means DefaultMaxMemory.
	MaxMemory int64
}

// Analysis is the verdict of every position of a FreeCell game (see
// solving.Analysis).
type Analysis = solving.Analysis[freecell.Move]

// Analyze judges the position s and the position after each of moves:
// won, lost or unknown, with a winning line from the last won position
// when the next one is lost. A move that s (or the position it reaches)
// does not allow is an error naming it. Every won verdict searched comes
// with a line that replays to a win; it is safe to call from many
// goroutines at once.
func Analyze(ctx context.Context, s freecell.State, moves []freecell.Move, cfg AnalyzeConfig) (Analysis, error) {
	states := make([]freecell.State, len(moves)+1)
	states[0] = s
	for i, m := range moves {
		states[i+1] = states[i]
		if err := states[i+1].Apply(m); err != nil {
			return Analysis{}, fmt.Errorf("freecell/solver: move %d (%s): %w", i+1, m, err)
		}
	}
	return solving.Analyze(ctx, moves, cfg.AnalysisBudget, func(ctx context.Context, i int, nodes int64, timeout time.Duration) solving.Searched[freecell.Move] {
		r := Solve(ctx, states[i], Config{MaxNodes: nodes, Timeout: timeout, MaxMemory: cfg.MaxMemory})
		return solving.Searched[freecell.Move]{Verdict: r.Verdict, Line: r.Moves, Nodes: r.Nodes, Duration: r.Duration}
	}), nil
}
