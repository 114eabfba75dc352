package freecellgame

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/solitaire-race/racer/freecell"
)

// WireView is a FreeCell view on the wire: the eight cascades (bottom
// card first), the free cells of the profile ("" for an empty one), the
// cards on each foundation (clubs, diamonds, hearts, spades: the rank on
// top, 0 … 13), the action count and whether the game is won. FreeCell
// hides nothing: it is the whole position. Its JSON is AppendView's;
// clients decode a FreeCell race's views into it (ParseView).
type WireView struct {
	Cascades    [freecell.NumCascades][]freecell.Card `json:"cascades"`
	Cells       []string                              `json:"cells"`
	Foundations [freecell.NumSuits]int                `json:"foundations"`
	Actions     int                                   `json:"actions"`
	Won         bool                                  `json:"won"`
}

// Wire returns v as it goes on the wire: empty slices, never nil.
func Wire(v *freecell.View) WireView {
	w := WireView{Cells: make([]string, len(v.Cells)), Actions: v.Actions, Won: v.Won}
	for i, c := range v.Cells {
		if c != freecell.NoCard {
			w.Cells[i] = c.String()
		}
	}
	for su, r := range v.Foundations {
		w.Foundations[su] = int(r)
	}
	for i, c := range v.Cascades {
		w.Cascades[i] = c
		if c == nil {
			w.Cascades[i] = []freecell.Card{}
		}
	}
	return w
}

// View returns w as the engine's view.
func (w *WireView) View() (freecell.View, error) {
	v := freecell.View{Cells: make([]freecell.Card, len(w.Cells)), Actions: w.Actions, Won: w.Won}
	for i, text := range w.Cells {
		v.Cells[i] = freecell.NoCard
		if text == "" {
			continue
		}
		c, err := freecell.ParseCard(text)
		if err != nil {
			return freecell.View{}, fmt.Errorf("freecellgame: view: cell %d: %w", i+1, err)
		}
		v.Cells[i] = c
	}
	for su, n := range w.Foundations {
		if n < 0 || n > 13 {
			return freecell.View{}, fmt.Errorf("freecellgame: view: foundation of %d cards", n)
		}
		v.Foundations[su] = freecell.Rank(n)
		v.Home += n
	}
	for i, c := range w.Cascades {
		v.Cascades[i] = append([]freecell.Card{}, c...)
	}
	return v, nil
}

// ParseView reads the JSON of a FreeCell view (AppendView's) into the
// engine's view.
func ParseView(b []byte) (freecell.View, error) {
	var w WireView
	if err := json.Unmarshal(b, &w); err != nil {
		return freecell.View{}, fmt.Errorf("freecellgame: view: %w", err)
	}
	return w.View()
}

// AppendView appends the JSON of Wire(v), byte for byte what
// encoding/json makes of it (a test checks).
func AppendView(b []byte, v *freecell.View) []byte {
	b = append(b, `{"cascades":[`...)
	for i, c := range v.Cascades {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		for j, card := range c {
			if j > 0 {
				b = append(b, ',')
			}
			b = appendCard(b, card)
		}
		b = append(b, ']')
	}
	b = append(b, `],"cells":[`...)
	for i, c := range v.Cells {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendCell(b, c)
	}
	var home [freecell.NumSuits]int
	for su, r := range v.Foundations {
		home[su] = int(r)
	}
	return appendTail(b, &home, v.Actions, v.Won)
}

// AppendState appends the JSON of the view of s, as AppendView of
// s.View() would, without allocating: the move path's frame.
func AppendState(b []byte, s *freecell.State) []byte {
	b = append(b, `{"cascades":[`...)
	for i := range freecell.NumCascades {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		for j := range s.CascadeLen(i) {
			if j > 0 {
				b = append(b, ',')
			}
			b = appendCard(b, s.CascadeCard(i, j))
		}
		b = append(b, ']')
	}
	b = append(b, `],"cells":[`...)
	for i := range s.Rules().Cells {
		if i > 0 {
			b = append(b, ',')
		}
		c, _ := s.Cell(i)
		b = appendCell(b, c)
	}
	var home [freecell.NumSuits]int
	for su := range freecell.NumSuits {
		home[su] = int(s.Foundation(freecell.Suit(su)))
	}
	return appendTail(b, &home, s.Actions(), s.Won())
}

func appendCard(b []byte, c freecell.Card) []byte {
	return append(b, '"', c.Rank().Letter(), c.Suit().Letter(), '"')
}

func appendCell(b []byte, c freecell.Card) []byte {
	if c == freecell.NoCard {
		return append(b, `""`...)
	}
	return appendCard(b, c)
}

// appendTail closes the cells and appends the foundations, the actions
// and the win.
func appendTail(b []byte, home *[freecell.NumSuits]int, actions int, won bool) []byte {
	b = append(b, `],"foundations":[`...)
	for su, n := range home {
		if su > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(n), 10)
	}
	b = append(b, `],"actions":`...)
	b = strconv.AppendInt(b, int64(actions), 10)
	b = append(b, `,"won":`...)
	b = strconv.AppendBool(b, won)
	return append(b, '}')
}
