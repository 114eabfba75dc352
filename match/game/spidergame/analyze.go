package spidergame

import (
	"context"
	"fmt"
	"time"

	"github.com/solitaire-race/racer/internal/solving"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/spider"
	"github.com/solitaire-race/racer/spider/solver"
)

var _ game.Analyzer = Variant{}

// Analyze implements game.Analyzer with spider/solver.Analyze.
func (v Variant) Analyze(ctx context.Context, seed uint64, moves []string, budget game.AnalysisBudget) (game.Analysis, error) {
	s := spider.MustNew(spider.NewDeal(seed, v.rules.Suits), v.rules)
	ms := make([]spider.Move, len(moves))
	for i, text := range moves {
		m, err := spider.ParseMove(text)
		if err != nil {
			return game.Analysis{}, fmt.Errorf("spidergame: move %d: %w", i+1, game.NotationError(text, err))
		}
		if err := s.Apply(m); err != nil {
			return game.Analysis{}, fmt.Errorf("spidergame: move %d: %w", i+1, illegal(text, err))
		}
		ms[i] = m
	}
	s = spider.MustNew(spider.NewDeal(seed, v.rules.Suits), v.rules)
	a, err := solver.Analyze(ctx, s, ms, solver.AnalyzeConfig{AnalysisBudget: solving.AnalysisBudget(budget)})
	if err != nil {
		return game.Analysis{}, err
	}
	if err := ctx.Err(); err != nil {
		return game.Analysis{}, err
	}
	return toAnalysis(a), nil
}

// toAnalysis converts a solver's analysis to the contract's.
func toAnalysis(a solver.Analysis) game.Analysis {
	out := game.Analysis{
		Verdicts:  make([]game.Verdict, len(a.Positions)),
		Nodes:     make([]int64, len(a.Positions)),
		Durations: make([]time.Duration, len(a.Positions)),
		FirstLost: a.FirstLost,
	}
	for i, p := range a.Positions {
		out.Verdicts[i], out.Nodes[i], out.Durations[i] = verdict(p.Verdict), p.Nodes, p.Duration
	}
	if a.FirstLost >= 0 {
		out.Line = make([]string, len(a.Line))
		for i, m := range a.Line {
			out.Line[i] = m.String()
		}
	}
	return out
}
