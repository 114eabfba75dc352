package solver

import (
	"context"
	"errors"

	"github.com/solitaire-race/racer/klondike"
)

// Errors of AutoComplete.
var (
	// ErrLost reports a position from which no line wins.
	ErrLost = errors.New("solver: no winning line from this position")
	// ErrUnknown reports a search that ran out of budget first.
	ErrUnknown = errors.New("solver: budget ran out before a winning line was found")
)

// Hint returns a move to play in s: the first move of a winning line when
// the search finds one, otherwise the first move of the line to the most
// advanced position it saw (most cards on the foundations and face up),
// or any legal move. ok is false only when s has no legal move. res is
// the search behind the hint.
func Hint(ctx context.Context, s klondike.State, cfg Config) (m klondike.Move, res Result, ok bool) {
	res = Solve(ctx, s, cfg)
	switch {
	case res.Verdict == Won && len(res.Moves) > 0:
		return res.Moves[0], res, true
	case len(res.best) > 0:
		return res.best[0], res, true
	}
	var buf [64]klondike.Move
	ms := s.Moves(buf[:0])
	if len(ms) == 0 {
		return klondike.Move{}, res, false
	}
	// Prefer anything over drawing; the engine lists the draw first.
	return ms[len(ms)-1], res, true
}

// AutoComplete returns a winning line from s ("Completar"): playing every
// move in order, each validated by the engine as usual, wins the game.
// It returns ErrLost when no line wins and ErrUnknown when the budget ran
// out.
func AutoComplete(ctx context.Context, s klondike.State, cfg Config) ([]klondike.Move, error) {
	res := Solve(ctx, s, cfg)
	switch res.Verdict {
	case Won:
		return res.Moves, nil
	case Lost:
		return nil, ErrLost
	}
	return nil, ErrUnknown
}
