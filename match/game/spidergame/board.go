package spidergame

import (
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/spider"
)

// Board is a racer's Spider board. Its position is a value: Try
// validates on a scratch copy inside the board. It is not safe for
// concurrent use.
type Board struct {
	game.StateBoard[spider.State, spider.Move, *spider.State]
}

var _ game.Board = (*Board)(nil)

// moveNotation reads Spider moves for the board.
var moveNotation = game.Notation[spider.Move]{Parse: spider.ParseMove, Illegal: illegal}

// NewBoard returns a board at position s.
func NewBoard(s spider.State) *Board {
	return &Board{game.NewStateBoard[spider.State, spider.Move, *spider.State](s, &moveNotation)}
}

// State returns a copy of the board's position.
func (b *Board) State() spider.State { return b.Cur }

// Off implements game.Board: 13 cards per completed run.
func (b *Board) Off() int { return runCards * b.Cur.Completed() }

// Counts implements game.Board: cards off the table are the completed
// runs, 13 cards each, by the run's suit; its own count is the runs
// completed (Game.Counters).
func (b *Board) Counts() game.Counts {
	s := &b.Cur
	c := game.Counts{TurnedUp: faceDown - s.FaceDownCount(), Actions: s.Actions(), Own: [game.MaxCounters]int{s.Completed()},
		Off: runCards * s.Completed()}
	for _, su := range s.CompletedSuits() {
		c.BySuit[su&3] += runCards
	}
	return c
}

// AppendView implements game.Board: the JSON of the owner's view
// (AppendView of State.View).
func (b *Board) AppendView(dst []byte) []byte {
	v := b.Cur.View()
	return AppendView(dst, &v)
}

// Clone implements game.Board.
func (b *Board) Clone() game.Board { return NewBoard(b.Cur) }

// CopyFrom implements game.Board: src is a *Board of this game.
func (b *Board) CopyFrom(src game.Board) { b.Set(src.(*Board).Cur) }
