package spidergame

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/solitaire-race/racer/spider"
)

// WireView is a player's view of their own Spider board on the wire: the
// ten columns (face-down count and face-up cards), the stock's size, the
// completed runs and their suits, the action count and whether the game
// is won. Never the face-down cards or the stock's order. Its JSON is
// AppendView's.
type WireView struct {
	Columns        [spider.NumColumns]WireColumn `json:"columns"`
	Stock          int                           `json:"stock"`
	Completed      int                           `json:"completed"`
	CompletedSuits []string                      `json:"completed_suits"`
	Actions        int                           `json:"actions"`
	Won            bool                          `json:"won"`
}

// WireColumn is one Spider column: Down face-down cards under the Up
// cards, bottom first.
type WireColumn struct {
	Down int           `json:"down"`
	Up   []spider.Card `json:"up"`
}

// Wire returns v as it goes on the wire: empty slices, never nil.
func Wire(v *spider.View) WireView {
	w := WireView{Stock: v.Stock, Completed: v.Completed, Actions: v.Actions, Won: v.Won,
		CompletedSuits: make([]string, len(v.CompletedSuits))}
	for i, su := range v.CompletedSuits {
		w.CompletedSuits[i] = string(su.Letter())
	}
	for i, c := range v.Columns {
		w.Columns[i] = WireColumn{Down: c.Down, Up: c.Up}
		if c.Up == nil {
			w.Columns[i].Up = []spider.Card{}
		}
	}
	return w
}

// View returns w as the engine's view.
func (w *WireView) View() (spider.View, error) {
	v := spider.View{Stock: w.Stock, Completed: w.Completed, Actions: w.Actions, Won: w.Won}
	for i, c := range w.Columns {
		v.Columns[i] = spider.ColumnView{Down: c.Down, Up: c.Up}
	}
	for _, s := range w.CompletedSuits {
		if len(s) != 1 {
			return spider.View{}, fmt.Errorf("spidergame: view: suit %q", s)
		}
		su, err := spider.ParseSuit(s[0])
		if err != nil {
			return spider.View{}, fmt.Errorf("spidergame: view: %w", err)
		}
		v.CompletedSuits = append(v.CompletedSuits, su)
	}
	return v, nil
}

// ParseView reads the JSON of a Spider view (AppendView's) into the
// engine's view.
func ParseView(b []byte) (spider.View, error) {
	var w WireView
	if err := json.Unmarshal(b, &w); err != nil {
		return spider.View{}, fmt.Errorf("spidergame: view: %w", err)
	}
	return w.View()
}

// AppendView appends the JSON of Wire(v), as encoding/json makes it (a
// test checks).
func AppendView(b []byte, v *spider.View) []byte {
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
