package solver

import "github.com/solitaire-race/racer/klondike"

// A partial run moved between columns, a whole column moved onto another
// (emptying it), or a card taken down from a foundation, makes no
// progress by itself: it matters only through a
// later move that depends on it. In a winning line such a move can be
// postponed past every move that does not depend on it, until just
// before one that does; so the search only plays it when a move that
// depends on it is possible right after. That is a property of the
// position reached, so the transposition table stays exact.

// available reports whether card c could be moved right now: face up in
// a column (with the run on it), reachable in the talon, or, with
// foundation-to-column moves, on top of its foundation.
func (p *pos) available(g *game, c klondike.Card, tal []uint8) bool {
	if p.up&(1<<c) != 0 {
		return true
	}
	for _, idx := range tal {
		if p.talon[idx] == c {
			return true
		}
	}
	return g.f2c && p.found[suit(c)] == rank(c)
}

// faceUp reports whether card c is face up in a column.
func (p *pos) faceUp(c klondike.Card) bool { return p.up&(1<<c) != 0 }

// lowerCards returns the two cards that go on c: one rank lower, of the
// other colour.
func lowerCards(c klondike.Card) (klondike.Card, klondike.Card) {
	r := klondike.Rank(rank(c) - 1)
	if red(c) {
		return klondike.NewCard(r, klondike.Clubs), klondike.NewCard(r, klondike.Spades)
	}
	return klondike.NewCard(r, klondike.Diamonds), klondike.NewCard(r, klondike.Hearts)
}

// usefulAfterPartial reports whether, after a partial run headed by h left
// column a, a move depending on it is possible: the card left on top of a
// goes to its foundation or receives the other card h could be. With
// g.twins, also when y's twin is face up and fits its foundation: in the
// class of positions with the twins' runs swapped (twins.go), the run left
// that twin, which then goes home.
func (p *pos) usefulAfterPartial(g *game, a uint8, h klondike.Card, tal []uint8) bool {
	col := &p.cols[a]
	y := col.cards[col.n-1]
	if p.fitsFoundation(y) {
		return true
	}
	if g.twins && p.fitsFoundation(twinOf[y]) && p.faceUp(twinOf[y]) {
		return true
	}
	if rank(y) > 1 {
		z1, z2 := lowerCards(y)
		if (z1 != h && p.available(g, z1, tal)) || (z2 != h && p.available(g, z2, tal)) {
			return true
		}
	}
	// A run of a that includes the card left on top could also move on
	// next, but that needs no separate look: moving it with the partial
	// run still on it, then the partial run alone, reaches the same place.
	return false
}

// usefulAfterFoundCol reports whether, after card x came down from its
// foundation, a move depending on it is possible: a card goes on x, or
// the card now on top of x's foundation can come down too.
func (p *pos) usefulAfterFoundCol(g *game, x klondike.Card, tal []uint8) bool {
	if rank(x) > 1 {
		z1, z2 := lowerCards(x)
		if p.available(g, z1, tal) || p.available(g, z2, tal) {
			return true
		}
	}
	s := suit(x)
	if f := p.found[s]; f > 0 {
		c := klondike.NewCard(klondike.Rank(f), klondike.Suit(s))
		for to := range p.cols {
			if p.fitsColumn(c, to) {
				return true
			}
		}
	}
	return false
}

// usefulAfterEmptying reports whether, after a column was emptied, a king
// could move into it right after: face up with cards under it, in reach
// in the talon, or on a foundation when cards may come down.
func (p *pos) usefulAfterEmptying(g *game, tal []uint8) bool {
	for i := range p.cols {
		col := &p.cols[i]
		for j := max(col.down, 1); j < col.n; j++ {
			if rank(col.cards[j]) == 13 {
				return true
			}
		}
	}
	for _, idx := range tal {
		if rank(p.talon[idx]) == 13 {
			return true
		}
	}
	if g.f2c {
		for _, f := range p.found {
			if f == 13 {
				return true
			}
		}
	}
	return false
}
