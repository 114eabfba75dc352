package web

import (
	"errors"
	"fmt"
	"net/http"
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

// undoGame is what replayActions needs of a game: moves of type M, undo
// and redo.
type undoGame[M any] interface {
	Apply(M) error
	Undo() error
	Redo() error
}

// moveRules tells replayActions how one game reads and judges moves.
type moveRules[M any] struct {
	// parse reads a move in the game's notation.
	parse func(string) (M, error)
	// badMove is the message of an action that parse refuses.
	badMove string
	// reason returns why an Apply error's move is illegal, or "" when
	// the error does not say.
	reason func(error) string
}

// newMoveRules returns the moveRules of a game whose illegal moves fail
// with an E that reason reads.
func newMoveRules[M any, E error](parse func(string) (M, error), badMove string, reason func(E) string) moveRules[M] {
	return moveRules[M]{parse: parse, badMove: badMove, reason: func(err error) string {
		if e, ok := errors.AsType[E](err); ok {
			return reason(e)
		}
		return ""
	}}
}

// replayActions plays the practice actions on g: moves, and "undo" and
// "redo" when undo is on. It returns the current position's line: the
// moves from the deal, with undone moves taken out. An action that cannot
// be played is a bad request naming the action and its index.
func replayActions[M any](g undoGame[M], actions []string, undo bool, mr moveRules[M]) ([]M, error) {
	var line, undone []M
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
				err = g.Undo()
			} else {
				err = g.Redo()
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
			continue
		}
		m, err := mr.parse(tok)
		if err != nil {
			return nil, at("bad_move", "%s", mr.badMove)
		}
		if err := g.Apply(m); err != nil {
			if reason := mr.reason(err); reason != "" {
				return nil, at("illegal_move", "%s", reason)
			}
			return nil, at("illegal_move", "not legal here")
		}
		line = append(line, m)
		undone = undone[:0]
	}
	return line, nil
}

// moveStrings returns the notation of moves.
func moveStrings[M fmt.Stringer](moves []M) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.String()
	}
	return out
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
		return nil, &practiceError{status: http.StatusServiceUnavailable, apiError: apiError{Code: "solver_busy", Message: "the solver is busy: try again in a moment"}}
	}
}
