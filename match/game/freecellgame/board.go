package freecellgame

import (
	"github.com/solitaire-race/racer/freecell"
	"github.com/solitaire-race/racer/match/game"
)

// Board is a racer's FreeCell board. Its position is a value: Try
// validates on a scratch copy inside the board, so a legal move allocates
// nothing. It is not safe for concurrent use.
type Board struct {
	game.StateBoard[freecell.State, freecell.Move, *freecell.State]
}

var _ game.Board = (*Board)(nil)

// moveNotation reads FreeCell moves for the board.
var moveNotation = game.Notation[freecell.Move]{Parse: freecell.ParseMove, Illegal: illegal}

// NewBoard returns a board at position s.
func NewBoard(s freecell.State) *Board {
	return &Board{game.NewStateBoard[freecell.State, freecell.Move, *freecell.State](s, &moveNotation)}
}

// State returns a copy of the board's position.
func (b *Board) State() freecell.State { return b.Cur }

// Off implements game.Board: the cards on the foundations.
func (b *Board) Off() int { return b.Cur.Home() }

// Counts implements game.Board: every card is face up from the deal, so
// none is ever turned up.
func (b *Board) Counts() game.Counts {
	s := &b.Cur
	c := game.Counts{Actions: s.Actions()}
	for su := range freecell.NumSuits {
		c.BySuit[su] = int(s.Foundation(freecell.Suit(su)))
		c.Off += c.BySuit[su]
	}
	return c
}

// AppendView implements game.Board: the JSON of the whole position
// (AppendState), FreeCell hiding nothing.
func (b *Board) AppendView(dst []byte) []byte { return AppendState(dst, &b.Cur) }

// Clone implements game.Board.
func (b *Board) Clone() game.Board { return NewBoard(b.Cur) }

// CopyFrom implements game.Board: src is a *Board of this game.
func (b *Board) CopyFrom(src game.Board) { b.Set(src.(*Board).Cur) }
