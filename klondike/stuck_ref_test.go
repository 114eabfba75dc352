package klondike

import "github.com/solitaire-race/racer/internal/enginetest"

// stuckReference is the plain definition of docs/RULES.md, kept as the
// reference for StuckWithin: a depth-first search over whole positions
// reachable without progress (more cards on the foundations or fewer face
// down than at the start), keyed by the board with its unused array slots
// cleared and, under unlimited passes, the pass count dropped. sure is
// false when more than budget positions were seen.
func stuckReference(s *State, budget int) (stuck, sure bool) {
	if s.Won() {
		return false, true
	}
	found, down := s.FoundationCards(), s.FaceDownCount()
	key := func(t *State) board {
		k := t.b
		for i := range k.cols {
			c := &k.cols[i]
			clear(c.cards[c.n:])
		}
		clear(k.stock[k.nStock:])
		clear(k.waste[k.nWaste:])
		if t.rules.Passes == Unlimited {
			k.passes = 0
		}
		return k
	}
	progress := func(t *State) bool {
		return t.FoundationCards() > found || t.FaceDownCount() < down
	}
	moves := func(t *State) []Move { return t.Moves(nil) }
	return enginetest.StuckReference(s, budget, moves, (*State).Apply, progress, key)
}
