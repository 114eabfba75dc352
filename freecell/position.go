package freecell

import "fmt"

// NewPosition returns the position under rules r with the given cascades
// (each bottom card first), free cells (cells[i] in cell i; NoCard or
// nothing for an empty one) and foundations (home[su] cards of suit su,
// ace up, by suit: clubs, diamonds, hearts, spades): a position from
// elsewhere, a board to solve, a test's. Its action count is 0. It fails
// with an error wrapping ErrBadPosition unless the rules are valid and
// the 52 cards are each in play once, no cascade is longer than any game
// can make one (19 cards) and the cells fit the rules.
func NewPosition(r Rules, cascades [NumCascades][]Card, cells []Card, home [NumSuits]int) (State, error) {
	var s State
	if err := r.Validate(); err != nil {
		return s, err
	}
	s.rules = r
	bad := func(format string, args ...any) (State, error) {
		return State{}, fmt.Errorf("%w: %s", ErrBadPosition, fmt.Sprintf(format, args...))
	}
	var seen [NumCards]bool
	add := func(c Card) bool {
		if !c.Valid() || seen[c] {
			return false
		}
		seen[c] = true
		return true
	}
	for su, h := range home {
		if h < 0 || h > int(King) {
			return bad("the %s foundation holds %d cards", Suit(su), h)
		}
		s.home[su] = uint8(h)
		for rk := Ace; rk <= Rank(h); rk++ {
			add(NewCard(rk, Suit(su)))
		}
	}
	for i, col := range cascades {
		if len(col) > maxCascade {
			return bad("cascade %d holds %d cards, more than %d", i+1, len(col), maxCascade)
		}
		for _, c := range col {
			if !add(c) {
				return bad("cascade %d: %s is not a card, or is already in play", i+1, c)
			}
			s.cols[i].cards[s.cols[i].n] = c
			s.cols[i].n++
		}
	}
	for i := range s.cells {
		s.cells[i] = NoCard
	}
	for i, c := range cells {
		if c == NoCard {
			continue
		}
		if i >= r.Cells {
			return bad("%s has %d free cells, not %d", r.Name(), r.Cells, i+1)
		}
		if !add(c) {
			return bad("free cell %s: %s is not a card, or is already in play", CellPlace(i), c)
		}
		s.cells[i] = c
	}
	for c, ok := range seen {
		if !ok {
			return bad("%s is nowhere", Card(c))
		}
	}
	return s, nil
}
