package solver

import "github.com/solitaire-race/racer/klondike"

// A relaxation that proves losses: blocked reports whether some card can
// never reach its foundation, by a least fixpoint over necessary
// conditions. Two kinds of event are derived, each only from events that
// any real line must have played strictly earlier (or, for a card carried
// in a run, together with the run's base below it):
//
//   - left(X): X first leaves the place it has in p. That needs the cards
//     above X's run gone (every card above it in its column has left,
//     except those built on X in a run that moves with it), or, in the
//     talon, X within reach (below); and a place to go: its foundation
//     predecessor home, a card it can go on exposed at some time (still
//     in p's place with all above it gone, or moved, or — with
//     foundation-to-column moves — on a foundation), an empty column for
//     a king (every card of another column gone), or the run's base below
//     it leaving.
//   - home(X): X first reaches its foundation. That needs its predecessor
//     home, and X on top: every card above it gone, or X already moved,
//     or in the talon within reach.
//
// A talon card X at index i (the waste holds the first ptr cards) is in
// reach when drawing on from the waste's size, or from an empty waste
// after a recycle, can stop with X on top (i+1 = ptr, i+1 ≥ ptr with the
// difference a multiple of the draw, or i+1 a multiple of the draw when a
// recycle is allowed), when X is the last card, or when another talon card
// has left: a card before X shifts the counting, the card right after X
// must be gone for X to be uncovered by removals.
//
// Any winning line plays every home(X); by induction on its order each of
// its events is derived. So a card whose home is never derived proves the
// position lost. The table of positions stays exact: blocked is a
// property of the position alone.
//
// Frozen (crowded.go uses it): with some face-down cards, each with the
// cards under it, taken as never leaving, never going home and never
// exposed, the events derived include every event of any line up to the
// moment the first of them is turned up (the move that turns it up
// included: that move is the last card above it leaving). In such a
// prefix none of them moved or was a column's top, so the induction
// holds as before.

// blockState is the scratch of one blocked call.
type blockState struct {
	left, home [klondike.NumCards]bool
	// where each card is: column (0…6) and height, talon index, or on a
	// foundation.
	col, idx [klondike.NumCards]uint8
	runTop   [klondike.NumCards]uint8 // top height of the run X heads (X's height if none)
	clear    [klondike.NumColumns]uint8
	frozen   [klondike.NumColumns]uint8 // how many cards of each column are frozen
}

const (
	locTalon = klondike.NumColumns
	locFound = klondike.NumColumns + 1
)

// blocked reports whether the relaxation proves p lost.
func (p *pos) blocked(g *game) bool {
	var b blockState
	b.run(p, g, noFrozen)
	for c := range klondike.Card(klondike.NumCards) {
		if !b.home[c] {
			return true
		}
	}
	return false
}

// noFrozen freezes no card.
var noFrozen = [klondike.NumColumns]uint8{}

// run computes the least fixpoint from p. The cards of column i below
// height frozen[i] (face down) never leave, go home or take a card: what
// it derives then is what can happen before those are turned up.
func (b *blockState) run(p *pos, g *game, frozen [klondike.NumColumns]uint8) {
	b.frozen = frozen
	for c := range klondike.Card(klondike.NumCards) {
		if p.found[suit(c)] >= rank(c) {
			b.col[c] = locFound
			b.home[c], b.left[c] = true, true
		}
	}
	for i := range p.cols {
		col := &p.cols[i]
		for j := uint8(0); j < col.n; j++ {
			c := col.cards[j]
			b.col[c], b.idx[c] = uint8(i), j
		}
		// runTop, from the top down.
		for j := int(col.n) - 1; j >= 0; j-- {
			c := col.cards[j]
			b.runTop[c] = uint8(j)
			if uint8(j) >= col.down && j+1 < int(col.n) {
				up := col.cards[j+1]
				if rank(up)+1 == rank(c) && red(up) != red(c) {
					b.runTop[c] = b.runTop[up]
				}
			}
		}
	}
	for i := uint8(0); i < p.nTalon; i++ {
		c := p.talon[i]
		b.col[c], b.idx[c] = locTalon, i
	}
	recycle := p.nTalon > 0 && (g.passes == klondike.Unlimited || int(p.passes) < g.passes)
	d := g.draw
	for changed := true; changed; {
		changed = false
		// clear[i]: the lowest height from which every card of column i
		// has left.
		for i := range p.cols {
			col := &p.cols[i]
			h := col.n
			for h > 0 && b.left[col.cards[h-1]] {
				h--
			}
			b.clear[i] = h
		}
		talonLeft := false // some talon card before the one looked at has left
		for i := uint8(0); i < p.nTalon; i++ {
			c := p.talon[i]
			if !b.home[c] || !b.left[c] {
				reach := i+1 == p.ptr || (i+1 > p.ptr && (i+1-p.ptr)%d == 0) ||
					(recycle && (i+1)%d == 0) || i+1 == p.nTalon || talonLeft ||
					b.left[p.talon[i+1]]
				if reach && b.derive(p, g, c, true, true) {
					changed = true
				}
			}
			talonLeft = talonLeft || b.left[c]
		}
		for i := range p.cols {
			col := &p.cols[i]
			for j := frozen[i]; j < col.n; j++ {
				c := col.cards[j]
				if b.home[c] && b.left[c] {
					continue
				}
				if b.derive(p, g, c, b.clear[i] <= j+1 || b.left[c], b.clear[i] <= b.runTop[c]+1) {
					changed = true
				}
			}
		}
	}
}

// derive derives home(c) and left(c) where their conditions hold; top says
// c is on top of its pile (or moved), free that it can leave with its run.
// It reports whether anything new was derived.
func (b *blockState) derive(p *pos, g *game, c klondike.Card, top, free bool) bool {
	changed := false
	predHome := rank(c) == 1 || b.home[c-1]
	if !b.home[c] && predHome && top {
		b.home[c], b.left[c] = true, true
		return true
	}
	if b.left[c] || !free {
		return changed
	}
	ok := predHome
	if !ok && rank(c) < 13 {
		y1, y2 := upperCards(c)
		ok = b.exposed(g, y1) || b.exposed(g, y2)
	}
	if !ok && rank(c) == 13 {
		for i := range p.cols {
			if uint8(i) != b.col[c] && b.clear[i] == 0 {
				ok = true
				break
			}
		}
	}
	if !ok && b.col[c] < klondike.NumColumns && b.idx[c] > 0 {
		col := &p.cols[b.col[c]]
		// Carried by the run's base below it.
		for j := int(b.idx[c]) - 1; j >= int(col.down); j-- {
			base := col.cards[j]
			if b.runTop[base] < b.idx[c] {
				break
			}
			if b.left[base] {
				ok = true
				break
			}
		}
	}
	if ok {
		b.left[c] = true
		changed = true
	}
	return changed
}

// exposed reports whether card y can be a column's top for another card
// to go on.
func (b *blockState) exposed(g *game, y klondike.Card) bool {
	switch loc := b.col[y]; {
	case loc == locFound:
		return g.f2c
	case loc == locTalon:
		return b.left[y]
	case b.idx[y] < b.frozen[loc]:
		return false
	default:
		return b.left[y] || b.clear[loc] <= b.idx[y]+1
	}
}

// upperCards returns the two cards c can go on: one rank higher, of the
// other colour.
func upperCards(c klondike.Card) (klondike.Card, klondike.Card) {
	r := klondike.Rank(rank(c) + 1)
	if red(c) {
		return klondike.NewCard(r, klondike.Clubs), klondike.NewCard(r, klondike.Spades)
	}
	return klondike.NewCard(r, klondike.Diamonds), klondike.NewCard(r, klondike.Hearts)
}
