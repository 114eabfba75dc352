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
	if b.nStock > 0 {
		buf = append(buf, DrawMove())
	} else if b.nWaste > 0 && (s.rules.Passes == Unlimited || int(b.passes) < s.rules.Passes) {
		buf = append(buf, RecycleMove())
	}
	if b.nWaste > 0 {
		c := b.waste[b.nWaste-1]
		if uint8(c.Rank()) == b.found[c.Suit()]+1 {
			buf = append(buf, WasteToFoundationMove())
		}
		for d := uint8(0); d < NumColumns; d++ {
			if fits(c, &b.cols[d]) {
				buf = append(buf, WasteToColumnMove(int(d)))
			}
		}
	}
	for from := uint8(0); from < NumColumns; from++ {
		src := &b.cols[from]
		if src.n == 0 {
			continue
		}
		top := src.top()
		if uint8(top.Rank()) == b.found[top.Suit()]+1 {
			buf = append(buf, ColumnToFoundationMove(int(from)))
		}
		base := src.cards[src.down] // highest face-up card
		for to := uint8(0); to < NumColumns; to++ {
			if to == from {
				continue
			}
			dst := &b.cols[to]
			if dst.n == 0 {
				if base.Rank() == King {
					buf = append(buf, ColumnToColumnMove(int(from), int(to), int(src.n-src.down)))
				}
				continue
			}
			t := dst.top()
			want := t.Rank() - 1 // rank of the run's first card
			if want < top.Rank() || want > base.Rank() {
				continue
			}
			idx := src.down + uint8(base.Rank()-want)
			if src.cards[idx].Red() != t.Red() {
				buf = append(buf, ColumnToColumnMove(int(from), int(to), int(src.n-idx)))
			}
		}
	}
	if s.rules.FoundationToColumn {
		for su := Suit(0); su < NumSuits; su++ {
			if b.found[su] == 0 {
				continue
			}
			c := NewCard(Rank(b.found[su]), su)
			for d := uint8(0); d < NumColumns; d++ {
				if fits(c, &b.cols[d]) {
					buf = append(buf, FoundationToColumnMove(su, int(d)))
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
