package hub

import (
	"bytes"
	"strconv"

	"github.com/solitaire-race/racer/hub/lobby"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/scoreboard"
)

// event is the payload of the hub's Broker channels (internal to the
// hub, not part of the client protocol).
type event struct {
	Kind string `json:"k"`
	// Node is the ID of the node that published a move or a presence.
	Node string `json:"n,omitempty"`
	// move: Racer's log entry Seq holds Action.
	Racer  string `json:"r,omitempty"`
	Seq    uint64 `json:"s,omitempty"`
	Action string `json:"a,omitempty"`
	// presence: whether Racer has a connection.
	Connected bool `json:"c,omitempty"`
	// start: the race to join; rematch_vote: the voter is Racer.
	Race string `json:"race,omitempty"`
	// room: the room's new state.
	Room *lobby.Room `json:"room,omitempty"`
	// end: the stored result.
	Result *match.Result `json:"result,omitempty"`
	// ratings: what the race did to the ratings.
	Ratings *scoreboard.Ratings `json:"ratings,omitempty"`
}

// Event kinds.
const (
	evMove     = "move"
	evPresence = "presence"
	evEnd      = "end"
	evRatings  = "ratings"
	evStart    = "start"
	evRoom     = "room"
	evRematch  = "rematch_vote"
	// evRace announces again a race its racer may have missed the start
	// of (an arena race whose creating node died before announcing it).
	evRace = "race"
)

// appendMoveEvent appends the move event of an action that Match.Prepare
// accepted, published by node: node and racer IDs are hex and actions are
// notation, so nothing needs escaping.
func appendMoveEvent(b []byte, node, racer string, seq uint64, action string) []byte {
	b = append(b, `{"k":"move","n":"`...)
	b = append(b, node...)
	b = append(b, `","r":"`...)
	b = append(b, racer...)
	b = append(b, `","s":`...)
	b = strconv.AppendUint(b, seq, 10)
	b = append(b, `,"a":"`...)
	b = append(b, action...)
	return append(b, `"}`...)
}

// parseMoveEvent reads a move event in the exact form appendMoveEvent
// writes, returning the racer's ID from the roster and the interned
// action; anything else is left to encoding/json.
func (lr *liveRace) parseMoveEvent(b []byte) (racer string, seq uint64, action string, ok bool) {
	const head = `{"k":"move","n":"`
	if !bytes.HasPrefix(b, []byte(head)) {
		return "", 0, "", false
	}
	b = b[len(head):]
	i := bytes.IndexByte(b, '"')
	if i < 0 || !bytes.HasPrefix(b[i:], []byte(`","r":"`)) {
		return "", 0, "", false
	}
	b = b[i+len(`","r":"`):]
	i = bytes.IndexByte(b, '"')
	if i < 0 {
		return "", 0, "", false
	}
	for _, r := range lr.race.Racers {
		if r.ID == string(b[:i]) {
			racer = r.ID
		}
	}
	b = b[i:]
	if racer == "" || !bytes.HasPrefix(b, []byte(`","s":`)) {
		return "", 0, "", false
	}
	b = b[len(`","s":`):]
	seq, j, ok := wire.ParseUint(b, 0)
	if !ok || !bytes.HasPrefix(b[j:], []byte(`,"a":"`)) {
		return "", 0, "", false
	}
	b = b[j+len(`,"a":"`):]
	k := bytes.IndexByte(b, '"')
	if k < 0 || string(b[k:]) != `"}` {
		return "", 0, "", false
	}
	return racer, seq, lr.h.intern(b[:k]), true
}
