package hub

import (
	"strconv"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match"
)

// appendAck appends the JSON of an Ack, byte for byte what encoding/json
// makes of it (a golden test checks), without reflection: the ack is
// the move path's one frame. race is a known race ID (hex), status one
// of match's constants, so nothing needs escaping.
func appendAck(b []byte, race string, seq uint64, status match.Status, dup bool, v *match.View) []byte {
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
	b = append(b, `,"view":`...)
	if v.Game == match.GameSpider {
		b = appendSpiderView(b, &v.Spider)
	} else {
		b = appendView(b, &v.Klondike)
	}
	return append(b, '}')
}

// appendView appends the JSON of a Klondike view, wireView's.
func appendView(b []byte, v *klondike.View) []byte {
	b = append(b, `{"columns":[`...)
	for i := range v.Columns {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"down":`...)
		b = strconv.AppendInt(b, int64(v.Columns[i].Down), 10)
		b = append(b, `,"up":`...)
		b = appendCards(b, v.Columns[i].Up)
		b = append(b, '}')
	}
	b = append(b, `],"stock":`...)
	b = strconv.AppendInt(b, int64(v.Stock), 10)
	b = append(b, `,"waste":`...)
	b = appendCards(b, v.Waste)
	b = append(b, `,"waste_size":`...)
	b = strconv.AppendInt(b, int64(v.WasteSize), 10)
	b = append(b, `,"foundations":[`...)
	for i, n := range v.Foundations {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(n), 10)
	}
	b = append(b, `],"passes_used":`...)
	b = strconv.AppendInt(b, int64(v.PassesUsed), 10)
	b = append(b, `,"passes_left":`...)
	b = strconv.AppendInt(b, int64(v.PassesLeft), 10)
	b = append(b, `,"actions":`...)
	b = strconv.AppendInt(b, int64(v.Actions), 10)
	b = append(b, `,"won":`...)
	b = strconv.AppendBool(b, v.Won)
	return append(b, '}')
}

func appendCards(b []byte, cs []klondike.Card) []byte {
	b = append(b, '[')
	for i, c := range cs {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"', c.Rank().Letter(), c.Suit().Letter(), '"')
	}
	return append(b, ']')
}
