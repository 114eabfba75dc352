package freecell

// Moves returns every legal move of the position in a new slice; see
// AppendMoves.
func (s *State) Moves() []Move { return s.AppendMoves(make([]Move, 0, 48)) }

// AppendMoves appends every legal move of the position to dst and returns
// it, by source (cascades 1 … 8, then free cells a … d) and for each
// source by destination (F, cascades 1 … 8, free cells a … d), a run to
// an empty cascade once for each count it may take, fewest first. Every
// empty free cell is a destination of its own; pointless moves are
// included (a whole cascade moved to an empty one). A won game has none.
// With room for 256 moves in dst it does not allocate: no position has
// more (four runs of K … A and four empty cascades and cells have 228).
func (s *State) AppendMoves(dst []Move) []Move {
	if s.Won() {
		return dst
	}
	limit, limitEmpty := s.SupermoveLimit(false), s.SupermoveLimit(true)
	for from := range NumCascades {
		src := &s.cols[from]
		if src.n == 0 {
			continue
		}
		top := src.top()
		fp := CascadePlace(from)
		if s.home[top.Suit()]+1 == uint8(top.Rank()) {
			dst = append(dst, NewMove(fp, Foundation, 1))
		}
		run := int(src.runLen())
		for to := range NumCascades {
			d := &s.cols[to]
			switch {
			case to == from:
			case d.n == 0:
				for n := 1; n <= min(run, limitEmpty); n++ {
					dst = append(dst, CascadeMove(from, to, n))
				}
			default:
				// The run whose lowest card is one rank below d's top.
				n := int(d.top().Rank()) - int(top.Rank())
				if n >= 1 && n <= run && n <= limit && fits(src.cards[int(src.n)-n], d.top()) {
					dst = append(dst, CascadeMove(from, to, n))
				}
			}
		}
		for i := range s.rules.Cells {
			if s.cells[i] == NoCard {
				dst = append(dst, NewMove(fp, CellPlace(i), 1))
			}
		}
	}
	for i := range s.rules.Cells {
		c := s.cells[i]
		if c == NoCard {
			continue
		}
		fp := CellPlace(i)
		if s.home[c.Suit()]+1 == uint8(c.Rank()) {
			dst = append(dst, NewMove(fp, Foundation, 1))
		}
		for to := range NumCascades {
			if d := &s.cols[to]; d.n == 0 || fits(c, d.top()) {
				dst = append(dst, NewMove(fp, CascadePlace(to), 1))
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

// SafeMoves returns the safe moves to the foundations in a new slice; see
// AppendSafeMoves.
func (s *State) SafeMoves() []Move { return s.AppendSafeMoves(nil) }

// AppendSafeMoves appends to dst the legal moves to the foundations that
// can never turn a winnable game into a lost one, in the order of
// AppendMoves, and returns it. The engine plays none by itself; a page or
// a bot that plays them automatically plays one, asks again (a move can
// make others safe), and so on until none is left.
//
// A card of rank r is safe when no card could ever go on it: both
// foundations of the other colour hold r−1 (aces and twos always are
// safe, see below). It is safe too when both foundations of the other
// colour hold at least r−2 and the other foundation of its colour at
// least r−3: then every card that could be put on it (the other colour,
// rank r−1) could go to its foundation instead, as could every card that
// could be put on one of those (its colour, rank r−2), and the cards of
// rank r−3 of the other colour are home. Either way, any winning line
// from the position before the move becomes one from the position after
// it, by playing those cards home instead of onto the card and leaving
// out the moves of cards already home.
func (s *State) AppendSafeMoves(dst []Move) []Move {
	if s.Won() {
		return dst
	}
	for from := range NumCascades {
		if src := &s.cols[from]; src.n > 0 && s.safeHome(src.top()) {
			dst = append(dst, NewMove(CascadePlace(from), Foundation, 1))
		}
	}
	for i := range s.rules.Cells {
		if c := s.cells[i]; c != NoCard && s.safeHome(c) {
			dst = append(dst, NewMove(CellPlace(i), Foundation, 1))
		}
	}
	return dst
}

// safeHome reports whether c goes on its foundation now and is safe there
// (see AppendSafeMoves).
func (s *State) safeHome(c Card) bool {
	return SafeHome(&s.home, c)
}

// SafeHome reports whether card c goes on its foundation over home (the
// rank on top of each suit's foundation, indexed by suit) and is safe
// there, by the rule of State.AppendSafeMoves. The solver shares it.
func SafeHome(home *[NumSuits]uint8, c Card) bool {
	r := int(c.Rank())
	if int(home[c.Suit()]) != r-1 {
		return false
	}
	// opp is the lower foundation of the other colour, same the other
	// foundation of c's colour.
	opp, same := King, King
	for su := range Suit(NumSuits) {
		h := Rank(home[su])
		switch {
		case su == c.Suit():
		case su.Red() != c.Red():
			opp = min(opp, h)
		default:
			same = h
		}
	}
	return int(opp) >= r-1 || int(opp) >= r-2 && int(same) >= r-3
}
