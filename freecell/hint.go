package freecell

// Hint returns a move to suggest to a player, and false when no move is
// legal. It is a rule of thumb, not a search (package freecell/solver
// gives hints from a winning line): it prefers, in order, a safe move to
// the foundations (see AppendSafeMoves); any other move to the
// foundations; a move that uncovers a card that goes to its foundation
// next; a run put on a card, from the cascade whose next card for the
// foundations lies nearest its top; a card from a free cell put on a
// card; a run to an empty cascade; a card to a free cell, from the
// cascade whose next card lies nearest its top. It never suggests a run
// moved off a card it already lies on in order onto another, nor a whole
// cascade moved to an empty one; when only such moves are left it
// returns the first legal move.
func Hint(s *State) (Move, bool) {
	var buf [256]Move
	moves := s.AppendMoves(buf[:0])
	if len(moves) == 0 {
		return Move{}, false
	}
	best, bestScore := moves[0], 0
	for _, m := range moves {
		if sc := s.hintScore(m); sc > bestScore {
			best, bestScore = m, sc
		}
	}
	return best, true
}

// The kinds of move, in the hint's order of preference; within a kind a
// move scores more the nearer the source's next card lies to its top.
const (
	hintToCell     = 100
	hintToEmpty    = 200
	hintFromCell   = 300
	hintBuild      = 400
	hintUncover    = 600
	hintFoundation = 800
	hintSafe       = 900
)

// hintScore rates the legal move m: 0 when it helps nothing, else its
// kind plus a bonus below 100.
func (s *State) hintScore(m Move) int {
	if m.to == Foundation {
		if s.safeMove(m) {
			return hintSafe
		}
		return hintFoundation
	}
	if m.from.IsCell() {
		if s.cols[m.to].n == 0 {
			return 0
		}
		return hintFromCell
	}
	src := &s.cols[m.from]
	dig := s.dig(src)
	bonus := maxCascade - min(dig, maxCascade)
	if int(m.n) == dig {
		// Onto a card first, then into a cell, and only then into an
		// empty cascade, which holds more.
		switch {
		case m.to.IsCell():
			return hintUncover + 4*bonus + 2
		case s.cols[m.to].n == 0:
			return hintUncover + 4*bonus + 1
		}
		return hintUncover + 4*bonus + 3
	}
	switch {
	case m.to.IsCell():
		return hintToCell + bonus
	case m.n == src.n:
		return 0 // a whole cascade, onto a card or an empty cascade
	case fits(src.cards[src.n-m.n], src.cards[src.n-m.n-1]) && s.cols[m.to].n > 0:
		return 0 // off a card it lies on in order, onto its twin
	case s.cols[m.to].n == 0:
		return hintToEmpty + bonus
	}
	return hintBuild + bonus
}

// safeMove reports whether the move to the foundations m is safe.
func (s *State) safeMove(m Move) bool {
	if m.from.IsCell() {
		return s.safeHome(s.cells[m.from.Index()])
	}
	return s.safeHome(s.cols[m.from].top())
}

// dig returns the number of cards lying on the card of c nearest its top
// that goes to its foundation next, or maxCascade+1 when c holds none.
func (s *State) dig(c *cascade) int {
	for i := int(c.n) - 1; i >= 0; i-- {
		if card := c.cards[i]; s.home[card.Suit()]+1 == uint8(card.Rank()) {
			return int(c.n) - 1 - i
		}
	}
	return maxCascade + 1
}
