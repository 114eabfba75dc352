package klondike

import (
	"fmt"
	"strconv"

	"github.com/solitaire-race/racer/internal/cards"
)

// MoveKind says what a Move does.
type MoveKind uint8

// The move kinds of docs/RULES.md. The zero MoveKind is not a move.
const (
	_                  MoveKind = iota
	Draw                        // D: turn cards from the stock onto the waste
	Recycle                     // R: turn the waste over into the stock
	WasteToColumn               // W-3
	WasteToFoundation           // W-F
	ColumnToFoundation          // 3-F
	ColumnToColumn              // 3-5x4
	FoundationToColumn          // FH-3
)

// NumColumns is the number of tableau columns.
const NumColumns = 7

// Move is one move. Columns are numbered from 0 here (0 … 6) and from 1 in
// the notation. From is the source column, or the suit for
// FoundationToColumn; To the destination column; N the number of cards of
// a ColumnToColumn move. Build moves with the constructors below or
// ParseMove; a Move is a small value, safe to copy and compare.
type Move struct {
	Kind MoveKind
	From uint8
	To   uint8
	N    uint8
}

// DrawMove returns the draw move D.
func DrawMove() Move { return Move{Kind: Draw} }

// RecycleMove returns the recycle move R.
func RecycleMove() Move { return Move{Kind: Recycle} }

// WasteToColumnMove returns W-(to+1).
func WasteToColumnMove(to int) Move { return Move{Kind: WasteToColumn, To: uint8(to)} }

// WasteToFoundationMove returns W-F.
func WasteToFoundationMove() Move { return Move{Kind: WasteToFoundation} }

// ColumnToFoundationMove returns (from+1)-F.
func ColumnToFoundationMove(from int) Move { return Move{Kind: ColumnToFoundation, From: uint8(from)} }

// ColumnToColumnMove returns (from+1)-(to+1)xn.
func ColumnToColumnMove(from, to, n int) Move {
	return Move{Kind: ColumnToColumn, From: uint8(from), To: uint8(to), N: uint8(n)}
}

// FoundationToColumnMove returns F(suit)-(to+1).
func FoundationToColumnMove(s Suit, to int) Move {
	return Move{Kind: FoundationToColumn, From: uint8(s), To: uint8(to)}
}

// String returns the move in canonical notation ("3-5", never "3-5x1").
func (m Move) String() string {
	b, err := m.appendText(make([]byte, 0, 8))
	if err != nil {
		return fmt.Sprintf("Move{%d %d %d %d}", m.Kind, m.From, m.To, m.N)
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
	bad := func() ([]byte, error) {
		return b, fmt.Errorf("%w: malformed move %d/%d/%d/%d", ErrNotation, m.Kind, m.From, m.To, m.N)
	}
	col := func(c uint8) bool { return c < NumColumns }
	if m.extraFields() {
		return bad()
	}
	switch m.Kind {
	case Draw:
		return append(b, 'D'), nil
	case Recycle:
		return append(b, 'R'), nil
	case WasteToColumn:
		if !col(m.To) {
			return bad()
		}
		return append(b, 'W', '-', '1'+m.To), nil
	case WasteToFoundation:
		return append(b, 'W', '-', 'F'), nil
	case ColumnToFoundation:
		if !col(m.From) {
			return bad()
		}
		return append(b, '1'+m.From, '-', 'F'), nil
	case ColumnToColumn:
		if !col(m.From) || !col(m.To) || m.From == m.To || m.N < 1 || m.N > 13 {
			return bad()
		}
		b = append(b, '1'+m.From, '-', '1'+m.To)
		if m.N > 1 {
			b = append(b, 'x')
			b = strconv.AppendUint(b, uint64(m.N), 10)
		}
		return b, nil
	case FoundationToColumn:
		if m.From >= NumSuits || !col(m.To) {
			return bad()
		}
		return append(b, 'F', Suit(m.From).Letter(), '-', '1'+m.To), nil
	}
	return bad()
}

// extraFields reports whether m sets a field its kind does not use: such a
// Move is malformed, has no notation and is never legal.
func (m Move) extraFields() bool {
	switch m.Kind {
	case Draw, Recycle, WasteToFoundation:
		return m.From|m.To|m.N != 0
	case WasteToColumn:
		return m.From|m.N != 0
	case ColumnToFoundation:
		return m.To|m.N != 0
	case FoundationToColumn:
		return m.N != 0
	}
	return false
}

// ParseMove reads a move in the notation of docs/RULES.md: D, R, W-3, W-F, 3-F,
// 3-5, 3-5x4 and FH-3, columns 1 … 7 and a count of 1 … 13. Anything else
// (lower case, spaces, leading zeros, a move from a column to itself) is an
// error wrapping ErrNotation. It checks form only; legality is Apply's.
func ParseMove(s string) (Move, error) { return parseMove([]byte(s)) }

func parseMove(s []byte) (Move, error) {
	bad := func(why string) (Move, error) {
		// string(s): a copy, so that s does not escape and ParseMove's
		// conversion of its argument needs no allocation.
		return Move{}, fmt.Errorf("%w: move %q: %s", ErrNotation, string(s), why)
	}
	colAt := func(i int) (uint8, bool) {
		if i < len(s) && s[i] >= '1' && s[i] <= '7' {
			return s[i] - '1', true
		}
		return 0, false
	}
	switch {
	case len(s) == 0:
		return bad("empty")
	case len(s) == 1 && s[0] == 'D':
		return DrawMove(), nil
	case len(s) == 1 && s[0] == 'R':
		return RecycleMove(), nil
	case s[0] == 'W':
		if len(s) != 3 || s[1] != '-' {
			return bad("waste moves are W-F or W-1 … W-7")
		}
		if s[2] == 'F' {
			return WasteToFoundationMove(), nil
		}
		to, ok := colAt(2)
		if !ok {
			return bad("waste moves are W-F or W-1 … W-7")
		}
		return WasteToColumnMove(int(to)), nil
	case s[0] == 'F':
		if len(s) != 4 || s[2] != '-' {
			return bad("foundation moves are FC-3, FD-3, FH-3 or FS-3")
		}
		su, err := ParseSuit(s[1])
		if err != nil {
			return bad("foundation moves name a suit: FC, FD, FH or FS")
		}
		to, ok := colAt(3)
		if !ok {
			return bad("the destination column must be 1 … 7")
		}
		return FoundationToColumnMove(su, int(to)), nil
	}
	from, ok := colAt(0)
	if !ok {
		return bad("a move starts with D, R, W, F or a column 1 … 7")
	}
	if len(s) < 3 || s[1] != '-' {
		return bad("column moves are 3-F, 3-5 or 3-5x4")
	}
	if len(s) == 3 && s[2] == 'F' {
		return ColumnToFoundationMove(int(from)), nil
	}
	to, ok := colAt(2)
	if !ok {
		return bad("the destination must be F or a column 1 … 7")
	}
	if to == from {
		return bad("a column cannot move onto itself")
	}
	n := 1
	if len(s) > 3 {
		if s[3] != 'x' || len(s) < 5 || len(s) > 6 || s[4] == '0' {
			return bad("a card count is written x1 … x13")
		}
		n = 0
		for _, c := range s[4:] {
			if c < '0' || c > '9' {
				return bad("a card count is written x1 … x13")
			}
			n = n*10 + int(c-'0')
		}
		if n > 13 {
			return bad("a card count is written x1 … x13")
		}
	}
	return ColumnToColumnMove(int(from), int(to), n), nil
}
