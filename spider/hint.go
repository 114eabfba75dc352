package spider

// Hint returns the move docs/RULES.md's hint points to, and false when no move
// is legal. It prefers, in order: a move that completes a run; one that
// turns a card face up; one that joins cards of one suit (a group put on
// a card of its suit, where it did not already lie on one); one that
// empties a column or joins a group to a run it did not lie on. Among
// those of one kind it takes the one that leaves the longest one-suit run
// at the destination, then the first in the order of AppendMoves. When
// nothing on the table helps it points to the deal D; when the deal is
// blocked by an empty column it fills that column from the column with
// the most cards; and otherwise it returns the first legal move.
//
// It never suggests a pointless shuffle: a group moved from one card to
// another of the same rank without joining a suit, or a whole column
// moved to an empty one.
func Hint(s *State) (Move, bool) {
	var buf [256]Move
	moves := s.AppendMoves(buf[:0])
	if len(moves) == 0 {
		return Move{}, false
	}
	best, bestScore := Move{}, 0
	for _, m := range moves {
		if m.deal {
			continue
		}
		if sc := s.hintScore(m); sc > bestScore {
			best, bestScore = m, sc
		}
	}
	if bestScore > 0 {
		return best, true
	}
	if moves[0].deal {
		return moves[0], true
	}
	if s.b.nStock > 0 {
		// The deal waits for an empty column: fill it from the column
		// with the most cards, which stays non-empty.
		fill, most := Move{}, 0
		for _, m := range moves {
			if s.b.cols[m.to].n == 0 && s.b.cols[m.from].n > m.n {
				if n := int(s.b.cols[m.from].n); n > most {
					fill, most = m, n
				}
			}
		}
		if most > 0 {
			return fill, true
		}
	}
	return moves[0], true
}

// The kinds of useful move, in the hint's order of preference.
const (
	hintOther     = 1 << 8  // empties a column or joins a run it did not lie on
	hintSameSuit  = 2 << 8  // puts a group on a card of its suit, newly
	hintTurnUp    = 4 << 8  // turns a card face up
	hintCompletes = 16 << 8 // completes a run
)

// hintScore rates the legal column move m: 0 when it helps nothing, else
// its kind (see the constants) plus the length of the one-suit run it
// leaves on top of the destination.
func (s *State) hintScore(m Move) int {
	src, dst := &s.b.cols[m.from], &s.b.cols[m.to]
	first := src.n - m.n
	c := src.cards[first]
	// under is the card the group lies on, if face up.
	underUp := first > src.down
	var under Card
	if underUp {
		under = src.cards[first-1]
	}
	onRun := underUp && under.Rank() == c.Rank()+1
	onSuit := onRun && under.Suit() == c.Suit()
	after := *s
	if after.Apply(m) != nil {
		return 0
	}
	score := 0
	switch {
	case after.b.nDone > s.b.nDone:
		score = hintCompletes
	case first > 0 && first == src.down:
		score = hintTurnUp
	case dst.n == 0:
		return 0 // to an empty column without turning a card up: a shuffle
	case dst.top().Suit() == c.Suit() && !onSuit:
		score = hintSameSuit
	case first == 0 || !onRun:
		score = hintOther
	default:
		return 0 // from one card to another of the same rank
	}
	return score + int(after.suitRun(&after.b.cols[m.to]))
}

// suitRun returns the length of the face-up one-suit run descending by
// one rank on top of col.
func (s *State) suitRun(col *column) uint8 {
	if col.n == 0 {
		return 0
	}
	k := uint8(1)
	for i := col.n - 1; i > col.down; i-- {
		lo, hi := col.cards[i], col.cards[i-1]
		if hi.Rank() != lo.Rank()+1 || hi.Suit() != lo.Suit() {
			break
		}
		k++
	}
	return k
}
