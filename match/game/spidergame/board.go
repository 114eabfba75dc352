package spidergame

import (
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/spider"
)

// Board is a racer's Spider board. Its position is a value: Try
// validates on a scratch copy inside the board. It is not safe for
// concurrent use.
type Board struct {
	cur spider.State
	// next is cur after the move pending, when tried is true: what
	// Commit of that move takes.
	next    spider.State
	pending string
	tried   bool
}

var _ game.Board = (*Board)(nil)

// NewBoard returns a board at position s.
func NewBoard(s spider.State) *Board { return &Board{cur: s} }

// State returns a copy of the board's position.
func (b *Board) State() spider.State { return b.cur }

// Try implements game.Board.
func (b *Board) Try(move string, stuckBudget int) (game.Status, error) {
	b.tried = false
	m, err := spider.ParseMove(move)
	if err != nil {
		return game.Playing, game.NotationError(move, err)
	}
	b.next = b.cur
	if err := b.next.Apply(m); err != nil {
		return game.Playing, illegal(move, err)
	}
	b.pending, b.tried = move, true
	switch {
	case b.next.Won():
		return game.Won, nil
	case stuckBudget >= 0:
		if stuck, sure := b.next.StuckWithin(stuckBudget); stuck && sure {
			return game.Stuck, nil
		}
	}
	return game.Playing, nil
}

// Commit implements game.Board.
func (b *Board) Commit(move string) error {
	if b.tried && b.pending == move {
		b.cur, b.tried = b.next, false
		return nil
	}
	return b.Play(move)
}

// Play implements game.Board.
func (b *Board) Play(move string) error {
	b.tried = false
	m, err := spider.ParseMove(move)
	if err != nil {
		return game.NotationError(move, err)
	}
	b.next = b.cur
	if err := b.next.Apply(m); err != nil {
		return illegal(move, err)
	}
	b.cur = b.next
	return nil
}

// Won implements game.Board.
func (b *Board) Won() bool { return b.cur.Won() }

// Off implements game.Board: 13 cards per completed run.
func (b *Board) Off() int { return runCards * b.cur.Completed() }

// Counts implements game.Board: cards off the table are the completed
// runs, 13 cards each, by the run's suit.
func (b *Board) Counts() game.Counts {
	s := &b.cur
	c := game.Counts{TurnedUp: faceDown - s.FaceDownCount(), Actions: s.Actions(), Completed: s.Completed(),
		Off: runCards * s.Completed()}
	for _, su := range s.CompletedSuits() {
		c.BySuit[su&3] += runCards
	}
	return c
}

// AppendView implements game.Board: the JSON of the owner's view
// (AppendView of State.View).
func (b *Board) AppendView(dst []byte) []byte {
	v := b.cur.View()
	return AppendView(dst, &v)
}

// Clone implements game.Board.
func (b *Board) Clone() game.Board { return &Board{cur: b.cur} }
