package web

import (
	"context"
	"time"

	"github.com/solitaire-race/racer/match/game"
)

// solverAvailable reports whether hints and auto-complete are wired to
// the games' solvers (game.Practice's Hint and Solve).
const solverAvailable = true

// solverBudget bounds one practice search: a hint or an auto-complete must
// answer quickly and cannot take the server's memory.
var solverBudget = game.SearchBudget{
	Nodes:   3_000_000,
	Timeout: 3 * time.Second,
	Memory:  64 << 20,
}

// answerWant fills resp's hint or solution for practice game p. Searches
// run Config.Solvers at a time; a request that finds the solver busy gets
// 503 solver_busy at once rather than queueing.
func (s *Server) answerWant(ctx context.Context, resp *practiceResponse, p game.Practice, want string) error {
	release, err := s.acquireSolver()
	if err != nil {
		return err
	}
	defer release()
	var v game.Verdict
	if want == "hint" {
		resp.Hint, v = p.Hint(ctx, solverBudget)
	} else {
		resp.Solution, v = p.Solve(ctx, solverBudget)
	}
	resp.Verdict = v.String()
	return nil
}
