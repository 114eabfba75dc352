package web

import (
	"context"
	"net/http"

	"github.com/solitaire-race/racer/klondike"
)

// solverAvailable reports whether hints and auto-complete are wired to
// klondike/solver. Until that package exists the client hides both.
const solverAvailable = false

// answerWant fills resp's hint or solution for position st.
func (s *Server) answerWant(ctx context.Context, resp *practiceResponse, st *klondike.State, want string) error {
	return &practiceError{status: http.StatusNotImplemented, apiError: apiError{Code: "solver_unavailable", Message: "hints and auto-complete need the solver, which this server does not have yet"}}
}
