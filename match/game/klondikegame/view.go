package klondikegame

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/solitaire-race/racer/klondike"
)

// AppendView appends the JSON of a Klondike view, byte for byte what
// encoding/json makes of WireView (a test checks), without reflection:
// the view is the move path's frame.
func AppendView(b []byte, v *klondike.View) []byte {
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

// WireView is a Klondike view on the wire: its JSON is AppendView's.
// Clients decode a Klondike race's views into it (ParseView).
type WireView struct {
	Columns     [klondike.NumColumns]WireColumn `json:"columns"`
	Stock       int                             `json:"stock"`
	Waste       []klondike.Card                 `json:"waste"`
	WasteSize   int                             `json:"waste_size"`
	Foundations [klondike.NumSuits]int          `json:"foundations"`
	PassesUsed  int                             `json:"passes_used"`
	PassesLeft  int                             `json:"passes_left"`
	Actions     int                             `json:"actions"`
	Won         bool                            `json:"won"`
	// Score is the score of a profile that keeps one (nil: none).
	Score *int `json:"score,omitempty"`
}

// WireColumn is one column: Down face-down cards under the Up cards.
type WireColumn struct {
	Down int             `json:"down"`
	Up   []klondike.Card `json:"up"`
}

// ParseView reads the JSON of a Klondike view (AppendView's) into the
// engine's view. Score is not on the wire and stays 0.
func ParseView(b []byte) (klondike.View, error) {
	var w WireView
	if err := json.Unmarshal(b, &w); err != nil {
		return klondike.View{}, fmt.Errorf("klondikegame: view: %w", err)
	}
	return w.View(), nil
}

// View returns w as the engine's view.
func (w *WireView) View() klondike.View {
	v := klondike.View{Stock: w.Stock, Waste: w.Waste, WasteSize: w.WasteSize, Foundations: w.Foundations,
		PassesUsed: w.PassesUsed, PassesLeft: w.PassesLeft, Actions: w.Actions, Won: w.Won}
	if w.Score != nil {
		v.Score = *w.Score
	}
	for i, c := range w.Columns {
		v.Columns[i] = klondike.ColumnView{Down: c.Down, Up: c.Up}
	}
	return v
}

// Wire returns v as it goes on the wire: empty slices, never nil.
func Wire(v *klondike.View) WireView {
	w := WireView{Stock: v.Stock, Waste: v.Waste, WasteSize: v.WasteSize, Foundations: v.Foundations,
		PassesUsed: v.PassesUsed, PassesLeft: v.PassesLeft, Actions: v.Actions, Won: v.Won}
	if w.Waste == nil {
		w.Waste = []klondike.Card{}
	}
	for i, c := range v.Columns {
		w.Columns[i] = WireColumn{Down: c.Down, Up: c.Up}
		if c.Up == nil {
			w.Columns[i].Up = []klondike.Card{}
		}
	}
	return w
}
