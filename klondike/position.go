package klondike

import (
	"errors"
	"fmt"
)

// ErrPosition reports a Position that no game could reach: a card
// missing or twice, a column with face-down cards and none face up, more
// passes used than the rules allow.
var ErrPosition = errors.New("klondike: impossible position")

// Position is a whole Klondike position with every card known, the face
// down ones included: what a solver needs to search a position that does
// not come from a deal, such as a bot's guess at the cards it cannot see.
type Position struct {
	// Columns, left to right, each bottom card first; the first Down[i]
	// cards of Columns[i] are face down.
	Columns [NumColumns][]Card
	Down    [NumColumns]int
	// Stock holds the stock in the order it will be drawn.
	Stock []Card
	// Waste holds the waste, bottom first: the last card is playable.
	Waste []Card
	// Foundations holds the number of cards on each suit's foundation,
	// indexed by Suit.
	Foundations [NumSuits]int
	// PassesUsed counts the trips through the stock begun (1 before the
	// first recycle).
	PassesUsed int
}

// FromPosition returns the State of p under rules r, with no action
// played (the counters start at zero). It fails, with an error wrapping
// ErrPosition, when p does not hold each card exactly once or could not
// arise under r.
func FromPosition(p Position, r Rules) (State, error) {
	var s State
	if err := r.Validate(); err != nil {
		return s, err
	}
	var seen [NumCards]bool
	add := func(c Card) error {
		if !c.Valid() {
			return fmt.Errorf("%w: %d is no card", ErrPosition, c)
		}
		if seen[c] {
			return fmt.Errorf("%w: %s twice", ErrPosition, c)
		}
		seen[c] = true
		return nil
	}
	for su, n := range p.Foundations {
		if n < 0 || n > 13 {
			return s, fmt.Errorf("%w: %d cards on a foundation", ErrPosition, n)
		}
		for rk := 1; rk <= n; rk++ {
			if err := add(NewCard(Rank(rk), Suit(su))); err != nil {
				return s, err
			}
		}
		s.b.found[su] = uint8(n)
	}
	for i, cs := range p.Columns {
		d := p.Down[i]
		if len(cs) > maxColumn || d < 0 || d > len(cs) || d == len(cs) && d > 0 || d > maxColumn-13 {
			return s, fmt.Errorf("%w: column %d holds %d cards, %d face down", ErrPosition, i+1, len(cs), d)
		}
		col := &s.b.cols[i]
		for _, c := range cs {
			if err := add(c); err != nil {
				return s, err
			}
		}
		col.n = uint8(copy(col.cards[:], cs))
		col.down = uint8(d)
	}
	if len(p.Stock)+len(p.Waste) > stockSize {
		return s, fmt.Errorf("%w: %d cards in stock and waste", ErrPosition, len(p.Stock)+len(p.Waste))
	}
	for i, c := range p.Stock {
		if err := add(c); err != nil {
			return s, err
		}
		s.b.stock[len(p.Stock)-1-i] = c
	}
	for _, c := range p.Waste {
		if err := add(c); err != nil {
			return s, err
		}
	}
	for c := range seen {
		if !seen[c] {
			return s, fmt.Errorf("%w: %s missing", ErrPosition, Card(c))
		}
	}
	s.b.nStock = uint8(len(p.Stock))
	s.b.nWaste = uint8(copy(s.b.waste[:], p.Waste))
	if p.PassesUsed < 1 || r.Passes != Unlimited && p.PassesUsed > r.Passes || p.PassesUsed > 255 {
		return s, fmt.Errorf("%w: %d passes used under %d allowed", ErrPosition, p.PassesUsed, r.Passes)
	}
	s.b.passes = uint8(p.PassesUsed)
	s.rules = r
	return s, nil
}
