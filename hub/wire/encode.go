package wire

import (
	"strconv"

	"github.com/solitaire-race/racer/match/scoreboard"
)

// AppendAckHead appends the JSON of an Ack up to its view: with the view
// (the game's own JSON, match.Match.AppendView) and a closing brace it
// is byte for byte what encoding/json makes of the Ack (a golden test
// checks), without reflection: the ack is the move path's one frame.
// race is a known race ID (hex), status one of scoreboard's constants, so
// nothing needs escaping.
func AppendAckHead(b []byte, race string, seq uint64, status scoreboard.Status, dup bool) []byte {
	b = append(b, `{"type":"ack","race":"`...)
	b = append(b, race...)
	b = append(b, `","seq":`...)
	b = strconv.AppendUint(b, seq, 10)
	b = append(b, `,"status":"`...)
	b = append(b, status...)
	b = append(b, '"')
	if dup {
		b = append(b, `,"duplicate":true`...)
	}
	return append(b, `,"view":`...)
}
