package freecell

import (
	"fmt"
	"strconv"

	"github.com/solitaire-race/racer/internal/cards"
)

// Place is where a move takes a card from or puts it: a cascade, a free
// cell, or the foundations (a card goes to its suit's). Build places with
// CascadePlace, CellPlace and Foundation.
type Place uint8

// Foundation is the foundations as a place: a move's destination only.
const Foundation Place = NumCascades + MaxCells

// CascadePlace returns cascade i (0 … 7), written 1 … 8.
func CascadePlace(i int) Place { return Place(i) }

// CellPlace returns free cell i (0 … 3), written a … d.
func CellPlace(i int) Place { return Place(NumCascades + i) }

// IsCascade reports whether p is a cascade.
func (p Place) IsCascade() bool { return p < NumCascades }

// IsCell reports whether p is a free cell.
func (p Place) IsCell() bool { return p >= NumCascades && p < Foundation }

// Index returns the number of a cascade (0 … 7) or a free cell (0 … 3),
// and -1 for the foundations.
func (p Place) Index() int {
	switch {
	case p.IsCascade():
		return int(p)
	case p.IsCell():
		return int(p) - NumCascades
	}
	return -1
}

// String returns the place in notation: "1" … "8", "a" … "d" or "F".
func (p Place) String() string {
	b, ok := p.appendText(nil)
	if !ok {
		return fmt.Sprintf("Place(%d)", uint8(p))
	}
	return string(b)
}

func (p Place) appendText(b []byte) ([]byte, bool) {
	switch {
	case p.IsCascade():
		return append(b, '1'+byte(p)), true
	case p.IsCell():
		return append(b, 'a'+byte(p)-NumCascades), true
	case p == Foundation:
		return append(b, 'F'), true
	}
	return b, false
}

// maxRun is the most cards a move can take: a run from king to ace.
const maxRun = 13

// Move is one move: N cards from From to To. Only a move between two
// cascades takes more than one card (a supermove). Build moves with
// NewMove, CascadeMove or ParseMove; the zero Move is no move and never
// legal. A Move is a small value, safe to copy and compare.
type Move struct {
	from, to Place
	n        uint8
}

// NewMove returns the move of n cards from one place to another.
func NewMove(from, to Place, n int) Move { return Move{from: from, to: to, n: uint8(n)} }

// CascadeMove returns (from+1)-(to+1)xn: the top n cards of cascade from
// go onto cascade to.
func CascadeMove(from, to, n int) Move { return NewMove(CascadePlace(from), CascadePlace(to), n) }

// From returns the place the move takes cards from.
func (m Move) From() Place { return m.from }

// To returns the place the move puts them.
func (m Move) To() Place { return m.to }

// N returns the number of cards the move takes.
func (m Move) N() int { return int(m.n) }

// wellFormed reports whether m is a move the notation can write: from a
// cascade or a cell to another place, not from a cell to a cell, of one
// card, or of 1 … 13 between two cascades.
func (m Move) wellFormed() bool {
	switch {
	case !m.from.IsCascade() && !m.from.IsCell(), m.to > Foundation, m.from == m.to:
		return false
	case m.from.IsCell() && m.to.IsCell():
		return false
	case m.from.IsCascade() && m.to.IsCascade():
		return m.n >= 1 && m.n <= maxRun
	}
	return m.n == 1
}

// String returns the move in canonical notation ("3-5", never "3-5x1").
func (m Move) String() string {
	b, err := m.appendText(make([]byte, 0, 8))
	if err != nil {
		return fmt.Sprintf("Move{%d %d %d}", m.from, m.to, m.n)
	}
	return string(b)
}

// MarshalText implements encoding.TextMarshaler with the canonical notation.
func (m Move) MarshalText() ([]byte, error) { return m.appendText(make([]byte, 0, 8)) }

// AppendText appends the canonical notation to b (encoding.TextAppender).
func (m Move) AppendText(b []byte) ([]byte, error) { return m.appendText(b) }

// UnmarshalText implements encoding.TextUnmarshaler; see ParseMove.
func (m *Move) UnmarshalText(b []byte) error { return cards.UnmarshalText(m, string(b), ParseMove) }

func (m Move) appendText(b []byte) ([]byte, error) {
	if !m.wellFormed() {
		return b, fmt.Errorf("%w: malformed move %d/%d/%d", ErrNotation, m.from, m.to, m.n)
	}
	b, _ = m.from.appendText(b)
	b = append(b, '-')
	b, _ = m.to.appendText(b)
	if m.n > 1 {
		b = append(b, 'x')
		b = strconv.AppendUint(b, uint64(m.n), 10)
	}
	return b, nil
}

// ParseMove reads a move in the notation of docs/RULES.md: 3-5 and 3-5x4
// (cascades 1 … 8, a count of 1 … 13; "x1" may be omitted), 3-a and a-3
// (free cells a … d), 3-F and a-F (to the foundations). Anything else
// (upper-case cells, spaces, a count on a move that is not between
// cascades, a move from a place to itself or between free cells) is an
// error wrapping ErrNotation. It checks form only: legality, such as
// whether the game has a free cell d, is Apply's.
func ParseMove(s string) (Move, error) {
	bad := func(why string) (Move, error) {
		return Move{}, fmt.Errorf("%w: move %q: %s", ErrNotation, s, why)
	}

	if len(s) == 0 {
		return bad("empty")
	}
	from, ok := parsePlace(s[0])
	if !ok || from == Foundation {
		return bad("a move starts with a cascade 1 … 8 or a free cell a … d")
	}
	if len(s) < 3 || s[1] != '-' {
		return bad("moves are written 3-5, 3-5x4, 3-a, a-3, 3-F or a-F")
	}
	to, ok := parsePlace(s[2])
	if !ok {
		return bad("the destination must be a cascade 1 … 8, a free cell a … d or F")
	}
	if to == from {
		return bad("a card cannot move onto its own place")
	}
	if from.IsCell() && to.IsCell() {
		return bad("a card in a free cell goes to a cascade or to F")
	}
	n, rest := 1, s[3:]
	if len(rest) > 0 {
		if !from.IsCascade() || !to.IsCascade() {
			return bad("only a move between cascades takes a card count")
		}
		if rest[0] != 'x' {
			return bad("moves between cascades are written 3-5 or 3-5x4")
		}
		n, ok = count(rest[1:])
		if !ok {
			return bad("a card count is written x1 … x13")
		}
	}
	return NewMove(from, to, n), nil
}

// parsePlace reads a place's character.
func parsePlace(b byte) (Place, bool) {
	switch {
	case b >= '1' && b <= '8':
		return CascadePlace(int(b - '1')), true
	case b >= 'a' && b <= 'd':
		return CellPlace(int(b - 'a')), true
	case b == 'F':
		return Foundation, true
	}
	return 0, false
}

// count reads a whole decimal number of 1 … 13 without leading zeros.
func count(s string) (int, bool) {
	if len(s) == 0 || len(s) > 2 || s[0] == '0' {
		return 0, false
	}
	n := 0
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, n <= maxRun
}
