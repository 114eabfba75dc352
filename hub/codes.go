package hub

import (
	"errors"
	"github.com/solitaire-race/racer/match/arena"

	"github.com/solitaire-race/racer/hub/broker"
	"github.com/solitaire-race/racer/hub/lobby"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game"
)

// codeOf maps an error from match or the hub to its wire code.
func codeOf(err error) string {
	var ref *refusal
	switch {
	case errors.As(err, &ref):
		return ref.code
	case errors.Is(err, game.ErrIllegalMove):
		return wire.CodeIllegalMove
	case errors.Is(err, match.ErrBadAction), errors.Is(err, game.ErrNotation):
		return wire.CodeBadMove
	case errors.Is(err, match.ErrSequence):
		return wire.CodeOutOfSequence
	case errors.Is(err, match.ErrRacerDone):
		return wire.CodeGameOver
	case errors.Is(err, match.ErrFinished):
		return wire.CodeRaceFinished
	case errors.Is(err, match.ErrNotRacer):
		return wire.CodeNotInRace
	case errors.Is(err, match.ErrNotFound):
		return wire.CodeRaceNotFound
	case errors.Is(err, match.ErrStaleEpoch):
		return wire.CodeSessionReplaced
	case errors.Is(err, match.ErrUnavailable), errors.Is(err, broker.ErrUnavailable):
		return wire.CodeUnavailable
	case errors.Is(err, match.ErrUnknownProfile):
		return wire.CodeUnknownProfile
	case errors.Is(err, lobby.ErrRoomNotFound):
		return wire.CodeRoomNotFound
	case errors.Is(err, lobby.ErrRoomFull):
		return wire.CodeRoomFull
	case errors.Is(err, lobby.ErrNotHost):
		return wire.CodeNotHost
	case errors.Is(err, lobby.ErrRoomTooSmall):
		return wire.CodeRoomTooSmall
	case errors.Is(err, lobby.ErrRoomStale):
		return wire.CodeRoomBusy
	case errors.Is(err, arena.ErrNotFound):
		return wire.CodeArenaNotFound
	case errors.Is(err, arena.ErrFinished):
		return wire.CodeArenaOver
	case errors.Is(err, arena.ErrFull):
		return wire.CodeArenaFull
	case errors.Is(err, arena.ErrNotJoined):
		return wire.CodeArenaNotJoined
	case errors.Is(err, arena.ErrInvalid), errors.Is(err, arena.ErrBotRated):
		return wire.CodeBadRequest
	case errors.Is(err, arena.ErrUnavailable):
		return wire.CodeUnavailable
	}
	return wire.CodeInternal
}

// messageOf is the human message for err: the error's own text for errors
// that explain a refusal, a generic one for faults (which are logged).
func messageOf(code string, err error) string {
	switch code {
	case wire.CodeInternal:
		return "internal error"
	case wire.CodeUnavailable:
		return "storage unavailable, retry"
	}
	var ill *game.IllegalMoveError
	if errors.As(err, &ill) {
		return ill.Move + ": " + ill.Reason
	}
	return err.Error()
}
