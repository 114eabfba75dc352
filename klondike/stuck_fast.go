package klondike

// progressNear reports whether a short sequence of legal moves, found
// without a search, makes progress in the sense of Stuck: a card reaches a
// foundation or a face-down card turns up. When it does the position is
// not stuck, surely; when it does not, only the full search can tell.
// It costs a few passes over the columns and the talon, no allocation.
//
// Each certificate it looks for is a sequence of legal moves that ends in
// progress, so a true answer is exact:
//   - a column's top card goes to its foundation;
//   - a face-up card goes to its foundation once the cards above it move
//     as one run onto another column's top;
//   - the highest face-up card of a column with face-down cards moves
//     with the cards above it onto another column (a king onto an empty
//     one), turning a card up;
//   - a card that draws, and at most one recycle, show on the waste top
//     goes to its foundation (draws and recycles change no column and no
//     foundation, so only the waste top matters).
func (s *State) progressNear() bool {
	b := &s.b
	for i := range b.cols {
		c := &b.cols[i]
		if c.n == 0 {
			continue
		}
		for j := c.down; j < c.n; j++ {
			x := c.cards[j]
			if uint8(x.Rank()) != b.found[x.Suit()]+1 {
				continue
			}
			if j+1 == c.n || b.fitsElsewhere(c.cards[j+1], i) {
				return true
			}
		}
		if c.down > 0 && b.fitsElsewhere(c.cards[c.down], i) {
			return true
		}
	}
	return b.talonReachesFoundation(s.rules)
}

// fitsElsewhere reports whether card c, with whatever lies on it, may go
// onto a column other than column from.
func (b *board) fitsElsewhere(c Card, from int) bool {
	for d := range b.cols {
		if d != from && fits(c, &b.cols[d]) {
			return true
		}
	}
	return false
}

// talonReachesFoundation reports whether progress follows from waste
// moves alone: draws and at most one recycle bring some card to the waste
// top (the current top included), then wasteChain plays it and the cards
// under it. The talon in cyclic draw order is the waste bottom first, then
// the stock in draw order; with p of its n cards on the waste the top is
// card p−1. A draw takes p to min(p+draw, n), a recycle to 0, and a second
// recycle shows nothing the first did not.
func (b *board) talonReachesFoundation(r Rules) bool {
	nw, n := int(b.nWaste), int(b.nWaste)+int(b.nStock)
	if n == 0 {
		return false
	}
	// Set b in the literal: stored through init's pointer receiver, b
	// leaked, and every state whose stuck check got this far (the server's
	// copy of each move's board) went to the heap.
	t := talonChain{b: b}
	t.init()
	for p := nw; ; {
		if p > 0 && t.progress(p) {
			return true
		}
		if p == n {
			break
		}
		p = min(p+r.Draw, n)
	}
	if r.Passes != Unlimited && int(b.passes) >= r.Passes {
		return false
	}
	for p := min(r.Draw, n); ; p = min(p+r.Draw, n) {
		if t.progress(p) {
			return true
		}
		if p == n {
			return false
		}
	}
}

// talonChain plays the waste from a board whose columns and foundations
// stay as they are while the talon is cycled.
type talonChain struct {
	b     *board
	tops  [NumColumns]Card // each column's top card
	empty [NumColumns]bool
	// bases are the highest face-up cards of columns with face-down cards:
	// moving one turns a card up.
	bases  [NumColumns]Card
	baseOf [NumColumns]uint8
	nBases int
}

func (t *talonChain) init() {
	b := t.b
	for i := range b.cols {
		c := &b.cols[i]
		t.empty[i] = c.n == 0
		if c.n > 0 {
			t.tops[i] = c.cards[c.n-1]
		}
		if c.down > 0 && c.n > c.down {
			t.bases[t.nBases], t.baseOf[t.nBases] = c.cards[c.down], uint8(i)
			t.nBases++
		}
	}
}

// card returns card i of the talon in cyclic draw order.
func (t *talonChain) card(i int) Card {
	b := t.b
	if i < int(b.nWaste) {
		return b.waste[i]
	}
	return b.stock[int(b.nWaste)+int(b.nStock)-1-i]
}

// progress reports whether, with p talon cards on the waste, playing the
// waste top and the cards under it makes progress: each in turn goes to
// its foundation (progress), or onto a column, where the face-up cards of
// a column with face-down cards may follow it (progress). It plays each
// card on the first column that takes it; another choice might do better,
// which only the search would find.
func (t *talonChain) progress(p int) bool {
	tops, empty := t.tops, t.empty
	for k := p - 1; k >= 0; k-- {
		c := t.card(k)
		if uint8(c.Rank()) == t.b.found[c.Suit()]+1 {
			return true
		}
		d := -1
		for i := range tops {
			if empty[i] && c.Rank() == King || !empty[i] && tops[i].Rank() == c.Rank()+1 && tops[i].Red() != c.Red() {
				d = i
				break
			}
		}
		if d < 0 {
			return false
		}
		for j := range t.nBases {
			if x := t.bases[j]; int(t.baseOf[j]) != d && x.Rank()+1 == c.Rank() && x.Red() != c.Red() {
				return true
			}
		}
		tops[d], empty[d] = c, false
	}
	return false
}
