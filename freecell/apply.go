package freecell

// Apply plays m: a legal move changes the position and counts one action;
// an illegal move changes nothing and returns an *IllegalMoveError that
// says why. Nothing moves by itself: cards go to the foundations only by
// moves (SafeMoves lists those that never spoil a game). Apply does not
// allocate for a legal move.
func (s *State) Apply(m Move) error {
	if s.Won() {
		return illegal(m, "the game is already won")
	}
	if !m.wellFormed() {
		return illegal(m, "malformed move: not from a cascade 1 … 8 or a free cell a … d to another place, with 1 card, or 1 … 13 between cascades")
	}
	if why := s.noCell(m.from); why != "" {
		return illegal(m, "%s", why)
	}
	if why := s.noCell(m.to); why != "" {
		return illegal(m, "%s", why)
	}
	// c is the card that goes on the destination: the moved card, or the
	// lowest of the run.
	var c Card
	var src *cascade
	if m.from.IsCell() {
		if c = s.cells[m.from.Index()]; c == NoCard {
			return illegal(m, "free cell %s is empty", m.from)
		}
	} else {
		src = &s.cols[m.from]
		switch run := src.runLen(); {
		case src.n == 0:
			return illegal(m, "cascade %s is empty", m.from)
		case m.n > src.n:
			return illegal(m, "cascade %s holds only %d cards", m.from, src.n)
		case m.n > run:
			return illegal(m, "only %d cards on top of cascade %s form a run (one rank lower each, colours alternating)", run, m.from)
		}
		c = src.cards[src.n-m.n]
	}
	switch {
	case m.to == Foundation:
		if want := s.home[c.Suit()] + 1; uint8(c.Rank()) != want {
			return illegal(m, "%s does not go on the %s foundation: it takes %s next", c, c.Suit(), NewCard(Rank(want), c.Suit()))
		}
		s.home[c.Suit()]++
	case m.to.IsCell():
		if held := s.cells[m.to.Index()]; held != NoCard {
			return illegal(m, "free cell %s holds %s", m.to, held)
		}
		s.cells[m.to.Index()] = c
	default:
		dst := &s.cols[m.to]
		if dst.n > 0 && !fits(c, dst.top()) {
			return illegal(m, "%s does not go on %s in cascade %s: it needs a card one rank higher of the other colour", c, dst.top(), m.to)
		}
		if limit := s.SupermoveLimit(dst.n == 0); int(m.n) > limit {
			return illegal(m, "with %d empty free cells and %d empty cascades at most %d cards move at once%s",
				s.FreeCells(), s.EmptyCascades(), limit, toEmptyNote(dst.n == 0))
		}
		if src == nil {
			dst.cards[dst.n] = c
		} else {
			copy(dst.cards[dst.n:], src.cards[src.n-m.n:src.n])
		}
		dst.n += m.n
	}
	if src != nil {
		src.n -= m.n
	} else {
		s.cells[m.from.Index()] = NoCard
	}
	s.actions++
	return nil
}

// noCell says why p is a free cell the rules do not have, or "".
func (s *State) noCell(p Place) string {
	if !p.IsCell() || p.Index() < s.rules.Cells {
		return ""
	}
	last := CellPlace(s.rules.Cells - 1)
	return "there is no free cell " + p.String() + ": " + s.rules.Name() + " has " + string('0'+byte(s.rules.Cells)) + " (a … " + last.String() + ")"
}

func toEmptyNote(toEmpty bool) string {
	if toEmpty {
		return " to an empty cascade"
	}
	return ""
}
