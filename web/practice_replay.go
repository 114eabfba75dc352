package web

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/solitaire-race/racer/match/game"
)

// checkActions checks what every game's practice request needs before
// its actions are played: a seed, at most Config.MaxMoves actions, and a
// playing time between 0 and 1e11 ms.
func (s *Server) checkActions(req *practiceRequest) error {
	if req.Seed == nil {
		return badRequest("bad_seed", "seed is missing")
	}
	if len(req.Moves) > s.cfg.MaxMoves {
		return badRequest("too_many_moves", "at most %d actions per game", s.cfg.MaxMoves)
	}
	if req.ElapsedMS < 0 || req.ElapsedMS > 1e11 {
		return badRequest("bad_option", "elapsedMs must be between 0 and 1e11")
	}
	return nil
}

// maxViews is the most views one practice request answers (ViewsFrom):
// the views along a solver's winning line come in one request (most
// lines are about 100 moves long), the longest few in two.
const maxViews = 512

// checkViews checks req's viewsFrom, when set: between 0 and the number of
// actions, and asking for at most maxViews views.
func checkViews(req *practiceRequest) error {
	if req.ViewsFrom == nil {
		return nil
	}
	from, n := *req.ViewsFrom, len(req.Moves)
	if from < 0 || from > n {
		return badRequest("bad_views_from", "viewsFrom must be between 0 and the number of actions (%d)", n)
	}
	if n-from+1 > maxViews {
		return badRequest("too_many_views", "at most %d views per request: viewsFrom must be at least %d for %d actions; ask for the earlier views with fewer actions",
			maxViews, n-maxViews+1, n)
	}
	return nil
}

// checkWant checks req's want: none, "hint" or "solve", and one only when
// hints are on.
func checkWant(req *practiceRequest, hints bool) error {
	switch req.Want {
	case "", "hint", "solve":
	default:
		return badRequest("bad_option", "want must be hint or solve")
	}
	if req.Want != "" && !hints {
		return badRequest("hints_off", "hints and auto-complete are off in this game")
	}
	return nil
}

// replayActions plays the practice actions on p: moves, and "undo" and
// "redo" when undo is on. It returns the current position's line: the
// moves from the deal in canonical notation, with undone moves taken out.
// An action that cannot be played is a bad request naming the action and
// its index; moveHelp is the message of a move not in notation. played,
// when not nil, is called with 0 before the first action and with n after
// the n-th, p then in the position that actions[:n] reach.
func replayActions(p game.Practice, actions []string, undo bool, moveHelp string, played func(n int)) ([]string, error) {
	if played == nil {
		played = func(int) {}
	}
	played(0)
	line, undone := []string{}, []string(nil)
	for i, tok := range actions {
		at := func(code, format string, args ...any) error {
			pe := badRequest(code, "action %d (%.12q): %s", i+1, tok, fmt.Sprintf(format, args...))
			pe.Index = &i
			return pe
		}
		switch tok {
		case tokenUndo, tokenRedo:
			if !undo {
				return nil, at("undo_not_allowed", "undo is off in this game")
			}
			var err error
			if tok == tokenUndo {
				err = p.Undo()
			} else {
				err = p.Redo()
			}
			if err != nil {
				return nil, at("nothing_to_undo", "nothing to %s", tok)
			}
			if tok == tokenUndo {
				undone = append(undone, line[len(line)-1])
				line = line[:len(line)-1]
			} else {
				line = append(line, undone[len(undone)-1])
				undone = undone[:len(undone)-1]
			}
			played(i + 1)
			continue
		}
		m, err := p.Play(tok)
		if errors.Is(err, game.ErrNotation) {
			return nil, at("bad_move", "%s", moveHelp)
		}
		if err != nil {
			if ill, ok := errors.AsType[*game.IllegalMoveError](err); ok && ill.Reason != "" {
				return nil, at("illegal_move", "%s", ill.Reason)
			}
			return nil, at("illegal_move", "not legal here")
		}
		line = append(line, m)
		undone = undone[:0]
		played(i + 1)
	}
	return line, nil
}

// lastMove returns the last move of line, "" for none.
func lastMove(line []string) string {
	if len(line) == 0 {
		return ""
	}
	return line[len(line)-1]
}

// acquireSolver takes one of Config.Solvers search slots and returns the
// function that gives it back; when none is free it returns 503
// solver_busy at once rather than queueing.
func (s *Server) acquireSolver() (release func(), err error) {
	select {
	case s.solveSem <- struct{}{}:
		return func() { <-s.solveSem }, nil
	default:
		return nil, &practiceError{status: http.StatusServiceUnavailable, retryAfter: "1",
			apiError: apiError{Code: "solver_busy", Message: "the solver is busy: try again in a moment"}}
	}
}
