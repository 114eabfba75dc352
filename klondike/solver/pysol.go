package solver

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/solitaire-race/racer/klondike"
)

// PySol's text board of a Klondike deal, as read by PySol's solver tools
// (fc-solve's board format, Klondike-Solver's "Pysol" input):
//
//	Talon: 7C TS KD …            (24 cards, the first one drawn first)
//	Foundations: H-0 C-0 D-0 S-0
//	: 5D
//	: <QC> 8H
//	…                            (7 columns, bottom first, <XX> face down)
//
// Only deals (starting positions) are written and read.

// MarshalPySol writes deal d as a PySol text board.
func MarshalPySol(d klondike.Deal) string {
	var b strings.Builder
	b.WriteString("Talon:")
	for _, c := range d[28:] {
		b.WriteString(" " + c.String())
	}
	b.WriteString("\nFoundations: H-0 C-0 D-0 S-0\n")
	cols := make([][]klondike.Card, klondike.NumColumns)
	k := 0
	for row := range klondike.NumColumns {
		for c := row; c < klondike.NumColumns; c++ {
			cols[c] = append(cols[c], d[k])
			k++
		}
	}
	for i, col := range cols {
		b.WriteString(":")
		for j, c := range col {
			if j < i {
				b.WriteString(" <" + c.String() + ">")
			} else {
				b.WriteString(" " + c.String())
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// UnmarshalPySol reads a PySol text board of a Klondike deal. Cards may
// be written "10" for T; blank lines are ignored.
func UnmarshalPySol(text string) (klondike.Deal, error) {
	var d klondike.Deal
	var talon []klondike.Card
	var cols [][]klondike.Card
	haveTalon := false
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "":
			continue
		case strings.HasPrefix(line, "Talon:"):
			if haveTalon {
				return d, fmt.Errorf("%w: PySol board: two Talon lines", klondike.ErrNotation)
			}
			haveTalon = true
			cs, _, err := pysolCards(strings.TrimPrefix(line, "Talon:"))
			if err != nil {
				return d, err
			}
			talon = cs
		case strings.HasPrefix(line, "Foundations:"):
			for _, f := range strings.Fields(strings.TrimPrefix(line, "Foundations:")) {
				if !strings.HasSuffix(f, "-0") {
					return d, fmt.Errorf("%w: PySol board: not a deal (foundation %s is not empty)", klondike.ErrNotation, f)
				}
			}
		default:
			cs, down, err := pysolCards(strings.TrimPrefix(line, ":"))
			if err != nil {
				return d, err
			}
			i := len(cols)
			if i >= klondike.NumColumns || len(cs) != i+1 || down != i {
				return d, fmt.Errorf("%w: PySol board: column line %q: want column %d with %d cards, the last face up", klondike.ErrNotation, line, i+1, i+1)
			}
			cols = append(cols, cs)
		}
	}
	if !haveTalon || len(talon) != 24 || len(cols) != klondike.NumColumns {
		return d, fmt.Errorf("%w: PySol board: want a Talon line of 24 cards and 7 columns", klondike.ErrNotation)
	}
	k := 0
	for row := range klondike.NumColumns {
		for c := row; c < klondike.NumColumns; c++ {
			d[k] = cols[c][row]
			k++
		}
	}
	copy(d[28:], talon)
	if err := d.Validate(); err != nil {
		return d, err
	}
	return d, nil
}

// pysolCards reads space-separated cards, "<XX>" face down; it returns
// them and how many lead face down.
func pysolCards(s string) ([]klondike.Card, int, error) {
	var out []klondike.Card
	down := 0
	for _, f := range strings.Fields(s) {
		hidden := strings.HasPrefix(f, "<") && strings.HasSuffix(f, ">")
		f = strings.Trim(f, "<>")
		if strings.HasPrefix(f, "10") {
			f = "T" + f[2:]
		}
		c, err := klondike.ParseCard(strings.ToUpper(f))
		if err != nil {
			return nil, 0, fmt.Errorf("PySol board: %w", err)
		}
		if hidden {
			if down != len(out) {
				return nil, 0, fmt.Errorf("%w: PySol board: face-down card %s above a face-up one", klondike.ErrNotation, f)
			}
			down++
		}
		out = append(out, c)
	}
	return out, down, nil
}
