package spidergame

import (
	"context"
	"fmt"

	"github.com/solitaire-race/racer/internal/solving"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/internal/adapt"
	"github.com/solitaire-race/racer/spider"
	"github.com/solitaire-race/racer/spider/solver"
)

var _ game.Analyzer = Variant{}

// Analyze implements game.Analyzer with spider/solver.Analyze.
func (v Variant) Analyze(ctx context.Context, seed uint64, moves []string, budget game.AnalysisBudget) (game.Analysis, error) {
	ms, err := game.PlayLog[spider.State](v.start(seed), moves, &moveNotation)
	if err != nil {
		return game.Analysis{}, fmt.Errorf("spidergame: %w", err)
	}
	a, err := solver.Analyze(ctx, v.start(seed), ms, solver.AnalyzeConfig{AnalysisBudget: solving.AnalysisBudget(budget)})
	return adapt.Analysis(ctx, a, err)
}
