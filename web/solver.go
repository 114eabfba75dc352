package web

import (
	"context"
	"errors"
	"time"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/klondike/solver"
)

// solverAvailable reports whether hints and auto-complete are wired to
// klondike/solver.
const solverAvailable = true

// solverConfig bounds one practice search: a hint or an auto-complete must
// answer quickly and cannot take the server's memory.
var solverConfig = solver.Config{
	MaxNodes:  3_000_000,
	Timeout:   3 * time.Second,
	MaxMemory: 64 << 20,
}

// answerWant fills resp's hint or solution for position st. Searches run
// Config.Solvers at a time; a request that finds the solver busy gets 503
// solver_busy at once rather than queueing.
func (s *Server) answerWant(ctx context.Context, resp *practiceResponse, st *klondike.State, want string) error {
	release, err := s.acquireSolver()
	if err != nil {
		return err
	}
	defer release()
	if want == "hint" {
		// A hint even when no win is proven: the way to the most advanced
		// position the search saw.
		m, res, ok := solver.Hint(ctx, *st, solverConfig)
		resp.Verdict = res.Verdict.String()
		if ok {
			resp.Hint = m.String()
		}
		return nil
	}
	line, err := solver.AutoComplete(ctx, *st, solverConfig)
	switch {
	case err == nil:
		resp.Verdict = solver.Won.String()
	case errors.Is(err, solver.ErrLost):
		resp.Verdict = solver.Lost.String()
		return nil
	default:
		resp.Verdict = solver.Unknown.String()
		return nil
	}
	resp.Solution = moveStrings(line)
	return nil
}
