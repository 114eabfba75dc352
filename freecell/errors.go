package freecell

import (
	"errors"
	"fmt"
)

// Sentinel errors. Errors returned by this package wrap one of them, so
// callers match with errors.Is.
var (
	// ErrNotation reports text that is not valid card, deal or move
	// notation.
	ErrNotation error = notation
	// ErrIllegalMove reports a move that the rules do not allow in the
	// position; the position is unchanged.
	ErrIllegalMove = errors.New("freecell: illegal move")
	// ErrUnknownProfile reports a rule profile name, or rule options, that
	// do not exist.
	ErrUnknownProfile = errors.New("freecell: unknown profile")
	// ErrBadPosition reports a position that NewPosition refuses.
	ErrBadPosition = errors.New("freecell: not a position")
	// ErrNothingToUndo reports an undo with no earlier position, or a redo
	// with nothing undone.
	ErrNothingToUndo = errors.New("freecell: nothing to undo or redo")
)

// IllegalMoveError is returned by State.Apply for a move that is not legal
// in the position. It says which move and why; it wraps ErrIllegalMove.
type IllegalMoveError struct {
	Move   Move
	Reason string
}

// Error implements error: "freecell: illegal move 3-5: cascade 3 is empty".
func (e *IllegalMoveError) Error() string {
	return fmt.Sprintf("freecell: illegal move %s: %s", e.Move, e.Reason)
}

// Unwrap returns ErrIllegalMove.
func (e *IllegalMoveError) Unwrap() error { return ErrIllegalMove }

func illegal(m Move, format string, args ...any) error {
	return &IllegalMoveError{Move: m, Reason: fmt.Sprintf(format, args...)}
}
