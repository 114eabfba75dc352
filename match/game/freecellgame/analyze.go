package freecellgame

import (
	"context"
	"fmt"

	"github.com/solitaire-race/racer/freecell"
	"github.com/solitaire-race/racer/freecell/solver"
	"github.com/solitaire-race/racer/internal/solving"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/internal/adapt"
)

var _ game.Analyzer = Variant{}

// Analyze implements game.Analyzer with freecell/solver.Analyze.
func (v Variant) Analyze(ctx context.Context, seed uint64, moves []string, budget game.AnalysisBudget) (game.Analysis, error) {
	ms, err := game.PlayLog[freecell.State](v.start(seed), moves, &moveNotation)
	if err != nil {
		return game.Analysis{}, fmt.Errorf("freecellgame: %w", err)
	}
	a, err := solver.Analyze(ctx, v.start(seed), ms, solver.AnalyzeConfig{AnalysisBudget: solving.AnalysisBudget(budget)})
	return adapt.Analysis(ctx, a, err)
}
