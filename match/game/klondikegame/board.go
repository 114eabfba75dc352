package klondikegame

import (
	"strconv"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match/game"
)

// Board is a racer's Klondike board. Its position is a value: Try
// validates on a scratch copy inside the board, so a legal move allocates
// nothing. It is not safe for concurrent use.
type Board struct {
	game.StateBoard[klondike.State, klondike.Move, *klondike.State]
}

var _ game.Board = (*Board)(nil)

// moveNotation reads Klondike moves for the board.
var moveNotation = game.Notation[klondike.Move]{Parse: klondike.ParseMove, Illegal: illegal}

// NewBoard returns a board at position s.
func NewBoard(s klondike.State) *Board {
	return &Board{game.NewStateBoard[klondike.State, klondike.Move, *klondike.State](s, &moveNotation)}
}

// State returns a copy of the board's position.
func (b *Board) State() klondike.State { return b.Cur }

// Off implements game.Board: the cards on the foundations.
func (b *Board) Off() int { return b.Cur.FoundationCards() }

// Counts implements game.Board: its own count is the passes begun
// (Game.Counters).
func (b *Board) Counts() game.Counts {
	s := &b.Cur
	c := game.Counts{TurnedUp: faceDown - s.FaceDownCount(), Actions: s.Actions(), Own: [game.MaxCounters]int{s.PassesUsed()}}
	for su := range klondike.NumSuits {
		c.BySuit[su] = s.Foundation(klondike.Suit(su))
		c.Off += c.BySuit[su]
	}
	return c
}

// AppendView implements game.Board: the JSON of the owner's view
// (AppendView of State.View), with "score" last for a profile that keeps
// a score (docs/RULES.md: Windows standard scoring).
func (b *Board) AppendView(dst []byte) []byte {
	v := b.Cur.View()
	dst = AppendView(dst, &v)
	if b.Cur.Rules().Scoring == klondike.ScoringNone {
		return dst
	}
	dst = append(dst[:len(dst)-1], `,"score":`...) // in place of the closing brace
	dst = strconv.AppendInt(dst, int64(v.Score), 10)
	return append(dst, '}')
}

// Clone implements game.Board.
func (b *Board) Clone() game.Board { return NewBoard(b.Cur) }

// CopyFrom implements game.Board: src is a *Board of this game.
func (b *Board) CopyFrom(src game.Board) { b.Set(src.(*Board).Cur) }
