package spider

import (
	"fmt"
	"strconv"

	"github.com/solitaire-race/racer/internal/cards"
)

// NumColumns is the number of table columns.
const NumColumns = 10

// NumRuns is the number of completed runs (K down to A of one suit) that
// win a game.
const NumRuns = 8

// maxGroup is the most cards a move can take: a run from king to ace.
const maxGroup = 13

// Move is one move: a group of N cards from column From to column To, or
// the deal D. Columns are numbered from 0 here (0 … 9) and from 1 in the
// notation. Build moves with ColumnMove, DealMove or ParseMove; the zero
// Move is no move and never legal. A Move is a small value, safe to copy
// and compare.
type Move struct {
	deal     bool
	from, to uint8
	n        uint8
}

// ColumnMove returns (from+1)-(to+1)xn: the top n cards of column from go
// onto column to.
func ColumnMove(from, to, n int) Move {
	return Move{from: uint8(from), to: uint8(to), n: uint8(n)}
}

// DealMove returns the deal D: one card from the stock onto each column.
func DealMove() Move { return Move{deal: true} }

// IsDeal reports whether m is the deal D.
func (m Move) IsDeal() bool { return m.deal }

// From returns the source column of a column move (0 … 9).
func (m Move) From() int { return int(m.from) }

// To returns the destination column of a column move (0 … 9).
func (m Move) To() int { return int(m.to) }

// N returns the number of cards a column move takes.
func (m Move) N() int { return int(m.n) }

// wellFormed reports whether m is a move the notation can write: D, or
// two different columns and 1 … 13 cards.
func (m Move) wellFormed() bool {
	if m.deal {
		return m.from|m.to|m.n == 0
	}
	return m.from < NumColumns && m.to < NumColumns && m.from != m.to && m.n >= 1 && m.n <= maxGroup
}

// String returns the move in canonical notation ("3-5", never "3-5x1").
func (m Move) String() string {
	b, err := m.appendText(make([]byte, 0, 8))
	if err != nil {
		return fmt.Sprintf("Move{%v %d %d %d}", m.deal, m.from, m.to, m.n)
	}
	return string(b)
}

// MarshalText implements encoding.TextMarshaler with the canonical notation.
func (m Move) MarshalText() ([]byte, error) { return m.appendText(make([]byte, 0, 8)) }

// AppendText appends the canonical notation to b (encoding.TextAppender).
func (m Move) AppendText(b []byte) ([]byte, error) { return m.appendText(b) }

// UnmarshalText implements encoding.TextUnmarshaler; see ParseMove.
func (m *Move) UnmarshalText(b []byte) error { return cards.UnmarshalText(m, b, parseMove) }

func (m Move) appendText(b []byte) ([]byte, error) {
	if !m.wellFormed() {
		return b, fmt.Errorf("%w: malformed move %v/%d/%d/%d", ErrNotation, m.deal, m.from, m.to, m.n)
	}
	if m.deal {
		return append(b, 'D'), nil
	}
	b = strconv.AppendUint(b, uint64(m.from)+1, 10)
	b = append(b, '-')
	b = strconv.AppendUint(b, uint64(m.to)+1, 10)
	if m.n > 1 {
		b = append(b, 'x')
		b = strconv.AppendUint(b, uint64(m.n), 10)
	}
	return b, nil
}

// ParseMove reads a move in the notation of docs/RULES.md: D, or 3-5 and
// 3-5x4 (columns 1 … 10, a count of 1 … 13; "x1" may be omitted).
// Anything else (lower case, spaces, leading zeros, a move from a column
// to itself) is an error wrapping ErrNotation. It checks form only;
// legality is Apply's.
func ParseMove(s string) (Move, error) { return parseMove([]byte(s)) }

// number reads a decimal number of 1 … limit without leading zeros at the
// start of s, returning it and the rest of s.
func number(s []byte, limit int) (int, []byte, bool) {
	i, n := 0, 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' && i < 3 {
		n = n*10 + int(s[i]-'0')
		i++
	}
	if i == 0 || s[0] == '0' || n > limit {
		return 0, s, false
	}
	return n, s[i:], true
}

func parseMove(s []byte) (Move, error) {
	bad := func(why string) (Move, error) {
		return Move{}, fmt.Errorf("%w: move %q: %s", ErrNotation, s, why)
	}
	if len(s) == 0 {
		return bad("empty")
	}
	if len(s) == 1 && s[0] == 'D' {
		return DealMove(), nil
	}
	from, rest, ok := number(s, NumColumns)
	if !ok {
		return bad("a move is D or starts with a column 1 … 10")
	}
	if len(rest) == 0 || rest[0] != '-' {
		return bad("column moves are written 3-5 or 3-5x4")
	}
	to, rest, ok := number(rest[1:], NumColumns)
	if !ok {
		return bad("the destination must be a column 1 … 10")
	}
	if to == from {
		return bad("a column cannot move onto itself")
	}
	n := 1
	if len(rest) > 0 {
		if rest[0] != 'x' {
			return bad("column moves are written 3-5 or 3-5x4")
		}
		n, rest, ok = number(rest[1:], maxGroup)
		if !ok || len(rest) != 0 {
			return bad("a card count is written x1 … x13")
		}
	}
	return ColumnMove(from-1, to-1, n), nil
}
