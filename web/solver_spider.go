package web

import (
	"context"
	"time"

	"github.com/solitaire-race/racer/spider"
	spsolver "github.com/solitaire-race/racer/spider/solver"
)

// spiderSolverConfig bounds one Spider practice search as solverConfig
// bounds Klondike's: quick, and small in memory.
var spiderSolverConfig = spsolver.Config{
	MaxNodes:  3_000_000,
	Timeout:   3 * time.Second,
	MaxMemory: 64 << 20,
}

// answerSpiderWant fills resp's hint or solution for Spider position st
// with spider/solver, Config.Solvers searches at a time (503 solver_busy
// beyond). A hint is the first move of a winning line when the search
// finds one, else docs/RULES.md's hint (spider.Hint); a solution is a winning
// line, or none with the verdict "lost" or "unknown".
func (s *Server) answerSpiderWant(ctx context.Context, resp *spiderPracticeResponse, st spider.State, want string) error {
	release, err := s.acquireSolver()
	if err != nil {
		return err
	}
	defer release()
	if want == "hint" {
		m, res, ok := spsolver.Hint(ctx, st, spiderSolverConfig)
		resp.Verdict = res.Verdict.String()
		if ok {
			resp.Hint = m.String()
		}
		return nil
	}
	res := spsolver.Solve(ctx, st, spiderSolverConfig)
	resp.Verdict = res.Verdict.String()
	resp.Solution = moveStrings(res.Moves)
	return nil
}
