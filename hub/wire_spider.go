package hub

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/solitaire-race/racer/spider"
)

// WireSpiderView is a player's view of their own Spider board: the ten
// columns (face-down count and face-up cards), the stock's size, the
// completed runs and their suits, the action count and whether the game
// is won. Never the face-down cards or the stock's order.
type WireSpiderView struct {
	Columns        [spider.NumColumns]WireSpiderColumn `json:"columns"`
	Stock          int                                 `json:"stock"`
	Completed      int                                 `json:"completed"`
	CompletedSuits []string                            `json:"completed_suits"`
	Actions        int                                 `json:"actions"`
	Won            bool                                `json:"won"`
}

// WireSpiderColumn is one Spider column: Down face-down cards under the
// Up cards, bottom first.
type WireSpiderColumn struct {
	Down int           `json:"down"`
	Up   []spider.Card `json:"up"`
}

// wireSpiderView converts a spider.View.
func wireSpiderView(v *spider.View) *WireSpiderView {
	w := &WireSpiderView{Stock: v.Stock, Completed: v.Completed, Actions: v.Actions, Won: v.Won,
		CompletedSuits: make([]string, len(v.CompletedSuits))}
	for i, su := range v.CompletedSuits {
		w.CompletedSuits[i] = string(su.Letter())
	}
	for i, c := range v.Columns {
		w.Columns[i] = WireSpiderColumn{Down: c.Down, Up: c.Up}
		if c.Up == nil {
			w.Columns[i].Up = []spider.Card{}
		}
	}
	return w
}

// klondikeWireView is WireView without its methods: Klondike's JSON.
type klondikeWireView WireView

// MarshalJSON writes a Spider view as WireSpiderView's JSON and a
// Klondike view as its fields.
func (v WireView) MarshalJSON() ([]byte, error) {
	if v.Spider != nil {
		return json.Marshal(v.Spider)
	}
	return json.Marshal(klondikeWireView(v))
}

// UnmarshalJSON reads either game's view: one with a "completed" key is
// Spider's.
func (v *WireView) UnmarshalJSON(b []byte) error {
	if bytes.Contains(b, []byte(`"completed":`)) {
		var s WireSpiderView
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*v = WireView{Spider: &s}
		return nil
	}
	var k klondikeWireView
	if err := json.Unmarshal(b, &k); err != nil {
		return err
	}
	*v = WireView(k)
	return nil
}

// appendSpiderView appends the JSON of wireSpiderView(v), as
// encoding/json makes it (a test checks).
func appendSpiderView(b []byte, v *spider.View) []byte {
	b = append(b, `{"columns":[`...)
	for i := range v.Columns {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"down":`...)
		b = strconv.AppendInt(b, int64(v.Columns[i].Down), 10)
		b = append(b, `,"up":[`...)
		for j, c := range v.Columns[i].Up {
			if j > 0 {
				b = append(b, ',')
			}
			b = append(b, '"', c.Rank().Letter(), c.Suit().Letter(), '"')
		}
		b = append(b, `]}`...)
	}
	b = append(b, `],"stock":`...)
	b = strconv.AppendInt(b, int64(v.Stock), 10)
	b = append(b, `,"completed":`...)
	b = strconv.AppendInt(b, int64(v.Completed), 10)
	b = append(b, `,"completed_suits":[`...)
	for i, su := range v.CompletedSuits {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"', su.Letter(), '"')
	}
	b = append(b, `],"actions":`...)
	b = strconv.AppendInt(b, int64(v.Actions), 10)
	b = append(b, `,"won":`...)
	b = strconv.AppendBool(b, v.Won)
	return append(b, '}')
}
