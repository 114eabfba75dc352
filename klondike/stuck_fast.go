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

// talonReachesFoundation reports whether some card that draws and at most
// one recycle can bring to the waste top (the current top included) goes
// to its foundation. The talon in cyclic draw order is the waste bottom
// first, then the stock in draw order; with p of its n cards on the waste
// the top is card p−1. A draw takes p to min(p+draw, n), a recycle to 0,
// and a second recycle shows nothing the first did not.
func (b *board) talonReachesFoundation(r Rules) bool {
	nw, n := int(b.nWaste), int(b.nWaste)+int(b.nStock)
	at := func(i int) Card {
		if i < nw {
			return b.waste[i]
		}
		return b.stock[n-1-i]
	}
	playable := func(p int) bool {
		c := at(p - 1)
		return uint8(c.Rank()) == b.found[c.Suit()]+1
	}
	for p := nw; ; {
		if p > 0 && playable(p) {
			return true
		}
		if p == n {
			break
		}
		p = min(p+r.Draw, n)
	}
	if n == 0 || r.Passes != Unlimited && int(b.passes) >= r.Passes {
		return false
	}
	for p := min(r.Draw, n); ; p = min(p+r.Draw, n) {
		if playable(p) {
			return true
		}
		if p == n {
			return false
		}
	}
}
