package klondike

import (
	"errors"
	"fmt"
)

// Sentinel errors. Errors returned by this package wrap one of them, so
// callers match with errors.Is.
var (
	// ErrNotation reports text that is not valid card, deal or move notation.
	ErrNotation error = notation
	// ErrIllegalMove reports a move that the rules do not allow in the
	// position; the position is unchanged.
	ErrIllegalMove = errors.New("klondike: illegal move")
	// ErrUnknownProfile reports a rule profile name that does not exist.
	ErrUnknownProfile = errors.New("klondike: unknown rule profile")
	// ErrUndoNotAllowed reports an undo or redo under rules that forbid it.
	ErrUndoNotAllowed = errors.New("klondike: undo is not allowed by these rules")
	// ErrNothingToUndo reports an undo with no earlier position, or a redo
	// with nothing undone.
	ErrNothingToUndo = errors.New("klondike: nothing to undo or redo")
)

// IllegalMoveError is returned by State.Apply for a move that is not legal
// in the position. It says which move and why; it wraps ErrIllegalMove.
type IllegalMoveError struct {
	Move   Move
	Reason string
}

// Error implements error: "klondike: illegal move 3-5: column 3 is empty".
func (e *IllegalMoveError) Error() string {
	return fmt.Sprintf("klondike: illegal move %s: %s", e.Move, e.Reason)
}

// Unwrap returns ErrIllegalMove.
func (e *IllegalMoveError) Unwrap() error { return ErrIllegalMove }

func illegal(m Move, format string, args ...any) error {
	return &IllegalMoveError{Move: m, Reason: fmt.Sprintf(format, args...)}
}
