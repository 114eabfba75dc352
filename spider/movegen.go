package spider

// Moves returns every legal move of the position in a new slice; see
// AppendMoves.
func (s *State) Moves() []Move { return s.AppendMoves(make([]Move, 0, 32)) }

// AppendMoves appends every legal move of the position to dst and returns
// it: the deal D first when legal, then the column moves by source column,
// destination column and count. Pointless moves are included (a run moved
// between two cards of equal rank, a whole column moved to an empty one).
// A won game has none. With room enough in dst it does not allocate.
func (s *State) AppendMoves(dst []Move) []Move {
	if s.Won() {
		return dst
	}
	b := &s.b
	var topRank [NumColumns]Rank // 0 when empty
	empty := false
	for i := range b.cols {
		if c := &b.cols[i]; c.n > 0 {
			topRank[i] = c.top().Rank()
		} else {
			empty = true
		}
	}
	if b.nStock > 0 && !empty {
		dst = append(dst, DealMove())
	}
	for from := range NumColumns {
		src := &b.cols[from]
		k := s.groupLen(src)
		if k == 0 {
			continue
		}
		r := topRank[from]
		for to := range NumColumns {
			if to == from {
				continue
			}
			if t := topRank[to]; t == 0 {
				for n := 1; n <= int(k); n++ {
					dst = append(dst, ColumnMove(from, to, n))
				}
			} else if t > r && t-r <= Rank(k) {
				// The group whose lowest card is one rank below t.
				dst = append(dst, ColumnMove(from, to, int(t-r)))
			}
		}
	}
	return dst
}

// Legal reports whether m is legal in the position, without changing it.
func (s *State) Legal(m Move) bool {
	t := *s
	return t.Apply(m) == nil
}
