package cards

import "fmt"

// Notation reads and writes cards for one game, and is the sentinel
// error its failures wrap: an engine makes one with NewNotation, exports
// it as its ErrNotation, and reads cards through it, so that a bad card
// in a Klondike move reads "klondike: bad notation: …". A Notation is
// immutable and safe for concurrent use.
type Notation struct {
	msg string
	// anyGame makes the Notation match every Notation under errors.Is
	// (see Is); only ErrNotation has it.
	anyGame bool
}

// ErrNotation is the Notation of Card's own text methods. A game shares
// the Card type with the other engine, so an error of those methods is
// bad notation in every game: errors.Is(err, n) holds for it and every
// Notation n.
var ErrNotation = &Notation{msg: "cards: bad notation", anyGame: true}

// NewNotation returns a game's Notation, whose Error is msg
// ("klondike: bad notation").
func NewNotation(msg string) *Notation { return &Notation{msg: msg} }

// Error implements error with the message given to NewNotation.
func (n *Notation) Error() string { return n.msg }

// Is reports whether target is a Notation matched by n: for ErrNotation
// every Notation, for any other only itself (which errors.Is compares
// without asking).
func (n *Notation) Is(target error) bool {
	_, ok := target.(*Notation)
	return ok && n.anyGame
}

// ParseSuit reads a suit letter (C, D, H or S).
func (n *Notation) ParseSuit(b byte) (Suit, error) {
	for i := 0; i < NumSuits; i++ {
		if suitLetters[i] == b {
			return Suit(i), nil
		}
	}
	return 0, fmt.Errorf("%w: suit %q is not one of C D H S", n, string(b))
}

// ParseRank reads a rank character (A 2 3 4 5 6 7 8 9 T J Q K).
func (n *Notation) ParseRank(b byte) (Rank, error) {
	for i := 0; i < len(rankLetters); i++ {
		if rankLetters[i] == b {
			return Rank(i + 1), nil
		}
	}
	return 0, fmt.Errorf("%w: rank %q is not one of A 2 3 4 5 6 7 8 9 T J Q K", n, string(b))
}

// ParseCard reads a card in notation: exactly a rank character then a
// suit letter ("AS", "TD", "KH"). Anything else is an error wrapping n.
func (n *Notation) ParseCard(s string) (Card, error) {
	if len(s) != 2 {
		return 0, fmt.Errorf("%w: card %q must be two characters, rank then suit (like AS or TD)", n, s)
	}
	r, err := n.ParseRank(s[0])
	if err != nil {
		return 0, fmt.Errorf("card %q: %w", s, err)
	}
	su, err := n.ParseSuit(s[1])
	if err != nil {
		return 0, fmt.Errorf("card %q: %w", s, err)
	}
	return NewCard(r, su), nil
}

// MarshalCard returns c in notation, as Card.MarshalText, with an error
// wrapping n when c is not Valid.
func (n *Notation) MarshalCard(c Card) ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("%w: card %d out of range", n, uint8(c))
	}
	return []byte{c.Rank().Letter(), c.Suit().Letter()}, nil
}
