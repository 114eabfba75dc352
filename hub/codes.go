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

// sentences are the wire's fixed messages, one per code: plain
// sentences for people reading a third-party client, never an error's
// own text (which names Go packages). Refusals the hub words itself at
// the point it refuses (sendError) say more; these are for the errors
// that come from match, the lobby, arenas and the store.
var sentences = map[string]string{
	wire.CodeBadJSON:          "The message is not a JSON object.",
	wire.CodeUnknownType:      "The server does not know that message type.",
	wire.CodeBadRequest:       "A field of the message is missing or out of range.",
	wire.CodeHelloFirst:       "Send hello first.",
	wire.CodeBadToken:         "The session token is not valid; send hello with a name for a new one.",
	wire.CodeBadName:          "A display name is 1 to 20 letters, digits, spaces or - _ . and starts with a letter or digit.",
	wire.CodeRateLimited:      "Too many messages; slow down or be disconnected.",
	wire.CodeUnknownProfile:   "There is no such rule profile.",
	wire.CodeNotInRace:        "You are not racing in that race.",
	wire.CodeOutOfSequence:    "The move's sequence number is not the next one.",
	wire.CodeIllegalMove:      "The move breaks the rules; nothing changed.",
	wire.CodeBadMove:          "That is not a move in the game's notation.",
	wire.CodeGameOver:         "Your game has ended.",
	wire.CodeNotStarted:       "The race has not started.",
	wire.CodeRaceFinished:     "The race is over.",
	wire.CodeRaceNotFound:     "There is no such race.",
	wire.CodeSessionReplaced:  "A newer connection of yours took over.",
	wire.CodeUnavailable:      "Storage is unavailable; retry.",
	wire.CodeRoomNotFound:     "No room has that code.",
	wire.CodeRoomFull:         "The room is full.",
	wire.CodeNotHost:          "Only the host may start the race.",
	wire.CodeRoomTooSmall:     "A race needs at least two players.",
	wire.CodeRoomBusy:         "The room's race is still running.",
	wire.CodeCannotWatchOwn:   "Racers cannot watch their own race while they still play it.",
	wire.CodeAlreadyQueued:    "You are already waiting in a queue.",
	wire.CodeAlreadyPlayed:    "You have already raced today's challenge.",
	wire.CodeDailyUnavailable: "This server has no daily challenge.",
	wire.CodeDailyPrivate:     "Daily challenge races cannot be watched: everyone races the same deal today.",
	wire.CodeInternal:         "Internal error.",
	wire.CodeArenaNotFound:    "There is no such arena.",
	wire.CodeArenaOver:        "The arena has ended.",
	wire.CodeArenaFull:        "The arena is full.",
	wire.CodeArenaNotJoined:   "You have not joined that arena.",
	wire.CodeArenaUnavailable: "This server runs no arenas.",
	wire.CodeArenaLimit:       "Too many arenas made by players are open: join one, or try again when one has ended.",
}

// messageOf is the human message for err: a refusal's own words, an
// illegal move's reason, else the code's fixed sentence. An error's own
// text never reaches the wire.
func messageOf(code string, err error) string {
	var ref *refusal
	if errors.As(err, &ref) && ref.code == code {
		return ref.msg
	}
	var ill *game.IllegalMoveError
	if code == wire.CodeIllegalMove && errors.As(err, &ill) && ill.Reason != "" {
		return ill.Move + ": " + ill.Reason
	}
	if m, ok := sentences[code]; ok {
		return m
	}
	return sentences[wire.CodeInternal]
}
