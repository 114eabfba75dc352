package spider

import (
	"fmt"
	"strings"
)

// String shows the whole position for a person, face-down cards included
// in parentheses, "(7H)", and the stock in dealing order. Use
// View().String() for what a player may see.
func (s *State) String() string {
	var b strings.Builder
	v := s.View()
	v.header(&b)
	fmt.Fprintf(&b, "stock: %s\n", cardList(s.Stock(), "(empty)"))
	for i := range s.b.cols {
		c := &s.b.cols[i]
		fmt.Fprintf(&b, "%2d:", i+1)
		for j := uint8(0); j < c.n; j++ {
			if j < c.down {
				fmt.Fprintf(&b, " (%s)", c.cards[j])
			} else {
				fmt.Fprintf(&b, " %s", c.cards[j])
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func (v View) header(b *strings.Builder) {
	fmt.Fprintf(b, "completed %d/%d", v.Completed, NumRuns)
	if len(v.CompletedSuits) > 0 {
		b.WriteString(" (")
		for _, su := range v.CompletedSuits {
			b.WriteByte(su.Letter())
		}
		b.WriteByte(')')
	}
	fmt.Fprintf(b, "  actions %d", v.Actions)
	if v.Won {
		b.WriteString("  WON")
	}
	b.WriteByte('\n')
}

// String shows the view for a person, as a terminal shows a game:
// face-down cards as "??", the stock as a count of cards and deals left.
func (v View) String() string {
	var b strings.Builder
	v.header(&b)
	fmt.Fprintf(&b, "stock: %d cards (%d deals)\n", v.Stock, v.Stock/NumColumns)
	for i, c := range v.Columns {
		fmt.Fprintf(&b, "%2d:%s", i+1, strings.Repeat(" ??", c.Down))
		for _, card := range c.Up {
			fmt.Fprintf(&b, " %s", card)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func cardList(cs []Card, empty string) string {
	if len(cs) == 0 {
		return empty
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}
