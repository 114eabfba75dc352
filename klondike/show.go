package klondike

import (
	"fmt"
	"strings"
)

// String shows the whole position for a person, face-down cards included
// in parentheses: "(7H)". Use View().String() for what a player may see.
func (s *State) String() string {
	var b strings.Builder
	s.header(&b)
	fmt.Fprintf(&b, "stock: %s\n", cardList(s.Stock(), "", "(empty)"))
	fmt.Fprintf(&b, "waste: %s\n", cardList(s.Waste(), "", "(empty)"))
	for i := range s.b.cols {
		c := &s.b.cols[i]
		fmt.Fprintf(&b, "%d:", i+1)
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

func (s *State) header(b *strings.Builder) {
	v := s.View()
	v.header(b)
}

func (v View) header(b *strings.Builder) {
	b.WriteString("foundations:")
	for su := Suit(0); su < NumSuits; su++ {
		if v.Foundations[su] == 0 {
			fmt.Fprintf(b, " %c:--", su.Letter())
		} else {
			fmt.Fprintf(b, " %c:%s", su.Letter(), NewCard(Rank(v.Foundations[su]), su))
		}
	}
	left := "unlimited"
	if v.PassesLeft >= 0 {
		left = fmt.Sprint(v.PassesLeft)
	}
	fmt.Fprintf(b, "\npass %d (%s left)  actions %d  score %d", v.PassesUsed, left, v.Actions, v.Score)
	if v.Won {
		b.WriteString("  WON")
	}
	b.WriteByte('\n')
}

// String shows the view for a person: face-down cards as "??", the stock
// as a count, and the visible top of the waste.
func (v View) String() string {
	var b strings.Builder
	v.header(&b)
	fmt.Fprintf(&b, "stock: %d cards\n", v.Stock)
	hidden := ""
	if n := v.WasteSize - len(v.Waste); n > 0 {
		hidden = fmt.Sprintf("[%d more] ", n)
	}
	fmt.Fprintf(&b, "waste: %s\n", cardList(v.Waste, hidden, "(empty)"))
	for i, c := range v.Columns {
		fmt.Fprintf(&b, "%d:%s", i+1, strings.Repeat(" ??", c.Down))
		for _, card := range c.Up {
			fmt.Fprintf(&b, " %s", card)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func cardList(cs []Card, prefix, empty string) string {
	if len(cs) == 0 && prefix == "" {
		return empty
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return prefix + strings.Join(parts, " ")
}
