package freecell

import (
	"fmt"
	"strings"
)

// String shows the position for a person (View().String()): a header
// with the cards home and the actions, the free cells and the
// foundations ("--" when empty; a foundation as its top card), then one
// line per cascade, bottom card first.
func (s *State) String() string { return s.View().String() }

// String shows the view for a person:
//
//	home 3/52  actions 7
//	cells: 7H -- -- --
//	foundations: 2C -- -- AS
//	1: JD KD 2S 4C 3S 6D 6S
//	…
func (v View) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "home %d/%d  actions %d", v.Home, NumCards, v.Actions)
	if v.Won {
		b.WriteString("  WON")
	}
	b.WriteString("\ncells:")
	for _, c := range v.Cells {
		b.WriteByte(' ')
		b.WriteString(cardOrDash(c))
	}
	b.WriteString("\nfoundations:")
	for su, r := range v.Foundations {
		b.WriteByte(' ')
		if r == 0 {
			b.WriteString("--")
		} else {
			b.WriteString(NewCard(r, Suit(su)).String())
		}
	}
	b.WriteByte('\n')
	for i, col := range v.Cascades {
		fmt.Fprintf(&b, "%d:", i+1)
		for _, c := range col {
			b.WriteByte(' ')
			b.WriteString(c.String())
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func cardOrDash(c Card) string {
	if !c.Valid() {
		return "--"
	}
	return c.String()
}
