package spider

// Apply plays m. A legal move changes the position, turns up a face-down
// card it uncovers, removes every run it completes (turning up the card
// under a removed run) and counts one action; an illegal move changes
// nothing and returns an *IllegalMoveError that says why. Apply does not
// allocate for a legal move.
func (s *State) Apply(m Move) error {
	if s.Won() {
		return illegal(m, "the game is already won")
	}
	if !m.wellFormed() {
		return illegal(m, "malformed move: not D, nor two different columns 1 … 10 and 1 … 13 cards")
	}
	b := &s.b
	if m.deal {
		if b.nStock == 0 {
			return illegal(m, "the stock is empty")
		}
		for i := range b.cols {
			if b.cols[i].n == 0 {
				return illegal(m, "column %d is empty: every column needs a card before a deal", i+1)
			}
		}
		next := stockSize - int(b.nStock)
		for i := range b.cols {
			col := &b.cols[i]
			col.cards[col.n] = b.stock[next+i]
			col.n++
		}
		b.nStock -= NumColumns
		for i := range b.cols {
			s.complete(&b.cols[i])
		}
		s.actions++
		return nil
	}
	src, dst := &b.cols[m.from], &b.cols[m.to]
	if src.n == 0 {
		return illegal(m, "column %d is empty", m.from+1)
	}
	if up := src.n - src.down; m.n > up {
		if up == 1 {
			return illegal(m, "column %d has only 1 face-up card", m.from+1)
		}
		return illegal(m, "column %d has only %d face-up cards", m.from+1, up)
	}
	first := src.n - m.n
	if k := s.groupLen(src); k < m.n {
		if s.rules.Groups == Standard {
			return illegal(m, "only %d cards on top of column %d form a run of one suit", k, m.from+1)
		}
		return illegal(m, "only %d cards on top of column %d descend by one rank", k, m.from+1)
	}
	c := src.cards[first]
	if dst.n > 0 {
		if t := dst.top(); t.Rank() != c.Rank()+1 {
			return illegal(m, "%s does not go on %s in column %d: it needs a card one rank higher", c, t, m.to+1)
		}
	}
	copy(dst.cards[dst.n:], src.cards[first:src.n])
	dst.n += m.n
	src.n = first
	turnUp(src)
	s.complete(dst)
	s.actions++
	return nil
}

// groupLen returns how many cards on top of col move as a group under the
// rules: the face-up run descending by one rank from the top, of one suit
// under Standard. It is 0 for an empty column.
func (s *State) groupLen(col *column) uint8 {
	if col.n == 0 {
		return 0
	}
	k := uint8(1)
	oneSuit := s.rules.Groups == Standard
	for i := col.n - 1; i > col.down && k < maxGroup; i-- {
		lo, hi := col.cards[i], col.cards[i-1]
		if hi.Rank() != lo.Rank()+1 || oneSuit && hi.Suit() != lo.Suit() {
			break
		}
		k++
	}
	return k
}

// turnUp turns up the card left on top of col, if it is face down.
func turnUp(col *column) {
	if col.n > 0 && col.down == col.n {
		col.down--
	}
}

// complete removes from col every run of K down to A of one suit lying
// face up on its top, recording it, and turns up the card it uncovers.
func (s *State) complete(col *column) {
	for col.n >= 13 && col.n-col.down >= 13 && col.top().Rank() == Ace {
		su := col.top().Suit()
		base := col.n - 13
		for i := base; i < col.n; i++ {
			if c := col.cards[i]; c.Suit() != su || c.Rank() != Rank(13-(i-base)) {
				return
			}
		}
		col.n = base
		s.b.done[s.b.nDone] = su
		s.b.nDone++
		turnUp(col)
	}
}
