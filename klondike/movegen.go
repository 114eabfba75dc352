package klondike

// Moves appends every legal move of the position to buf and returns it:
// pointless moves included (a king moved between empty columns, a card
// taken down from a foundation). A won game has none. With a buffer of
// capacity 64 or more it does not allocate.
func (s *State) Moves(buf []Move) []Move {
	if s.Won() {
		return buf
	}
	b := &s.b
	// The top card of each column: its rank (0 when empty) and colour.
	var topRank [NumColumns]Rank
	var topRed [NumColumns]bool
	for d := range b.cols {
		if c := &b.cols[d]; c.n > 0 {
			t := c.cards[c.n-1]
			topRank[d], topRed[d] = t.Rank(), t.Red()
		}
	}
	if b.nStock > 0 {
		buf = append(buf, DrawMove())
	} else if b.nWaste > 0 && (s.rules.Passes == Unlimited || int(b.passes) < s.rules.Passes) {
		buf = append(buf, RecycleMove())
	}
	if b.nWaste > 0 {
		c := b.waste[b.nWaste-1]
		r, red := c.Rank(), c.Red()
		if uint8(r) == b.found[c.Suit()]+1 {
			buf = append(buf, WasteToFoundationMove())
		}
		for d := range NumColumns {
			if topRank[d] == r+1 && topRed[d] != red || topRank[d] == 0 && r == King {
				buf = append(buf, WasteToColumnMove(d))
			}
		}
	}
	for from := range NumColumns {
		src := &b.cols[from]
		if src.n == 0 {
			continue
		}
		top := src.cards[src.n-1]
		if uint8(topRank[from]) == b.found[top.Suit()]+1 {
			buf = append(buf, ColumnToFoundationMove(from))
		}
		base := src.cards[src.down] // highest face-up card
		lo, hi := topRank[from]+1, base.Rank()+1
		up := int(src.n - src.down)
		for to := range NumColumns {
			tr := topRank[to]
			if to == from || tr > hi || tr < lo && tr != 0 {
				continue
			}
			if tr == 0 {
				if hi == King+1 {
					buf = append(buf, ColumnToColumnMove(from, to, up))
				}
				continue
			}
			// The run's card one rank below the destination's top.
			k := int(hi - tr) // cards above the base to skip
			if src.cards[int(src.down)+k].Red() != topRed[to] {
				buf = append(buf, ColumnToColumnMove(from, to, up-k))
			}
		}
	}
	if s.rules.FoundationToColumn {
		for su := Suit(0); su < NumSuits; su++ {
			if b.found[su] == 0 {
				continue
			}
			r, red := Rank(b.found[su]), su.Red()
			for d := range NumColumns {
				if topRank[d] == r+1 && topRed[d] != red || topRank[d] == 0 && r == King {
					buf = append(buf, FoundationToColumnMove(su, d))
				}
			}
		}
	}
	return buf
}

// fits reports whether card c may go on col.
func fits(c Card, col *column) bool {
	if col.n == 0 {
		return c.Rank() == King
	}
	t := col.top()
	return t.Rank() == c.Rank()+1 && t.Red() != c.Red()
}

// Legal reports whether m is legal in the position, without changing it.
func (s *State) Legal(m Move) bool {
	t := *s
	return t.Apply(m) == nil
}
