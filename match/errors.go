package match

import "errors"

// Errors of a Match. The hub maps each to a wire error code.
var (
	// ErrDuplicate reports an action whose sequence number was already
	// applied: a resend after a reconnect. Nothing changes; the caller
	// acknowledges again.
	ErrDuplicate = errors.New("match: action already applied")
	// ErrRacerDone reports an action from a racer who has won, resigned
	// or is stuck.
	ErrRacerDone = errors.New("match: your game is over")
	// ErrBadAction reports an action that is neither a move in notation
	// nor ActionResign nor ActionFinish.
	ErrBadAction = errors.New("match: not a move")
)
