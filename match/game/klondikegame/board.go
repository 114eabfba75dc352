package klondikegame

import (
	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match/game"
)

// Board is a racer's Klondike board. Its position is a value: Try
// validates on a scratch copy inside the board, so a legal move allocates
// nothing. It is not safe for concurrent use.
type Board struct {
	cur klondike.State
	// next is cur after the move pending, when tried is true: what
	// Commit of that move takes.
	next    klondike.State
	pending string
	tried   bool
}

var _ game.Board = (*Board)(nil)

// NewBoard returns a board at position s.
func NewBoard(s klondike.State) *Board { return &Board{cur: s} }

// State returns a copy of the board's position.
func (b *Board) State() klondike.State { return b.cur }

// Try implements game.Board.
func (b *Board) Try(move string, stuckBudget int) (game.Status, error) {
	b.tried = false
	m, err := klondike.ParseMove(move)
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
	m, err := klondike.ParseMove(move)
	if err != nil {
		return game.NotationError(move, err)
	}
	next := b.cur
	if err := next.Apply(m); err != nil {
		return illegal(move, err)
	}
	b.cur = next
	return nil
}

// Won implements game.Board.
func (b *Board) Won() bool { return b.cur.Won() }

// Off implements game.Board: the cards on the foundations.
func (b *Board) Off() int { return b.cur.FoundationCards() }

// Counts implements game.Board.
func (b *Board) Counts() game.Counts {
	s := &b.cur
	c := game.Counts{TurnedUp: faceDown - s.FaceDownCount(), Actions: s.Actions(), Passes: s.PassesUsed()}
	for su := range klondike.NumSuits {
		c.BySuit[su] = s.Foundation(klondike.Suit(su))
		c.Off += c.BySuit[su]
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
