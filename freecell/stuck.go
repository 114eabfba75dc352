package freecell

import (
	"bytes"
	"slices"
)

// DefaultStuckBudget is the number of positions Stuck explores before it
// gives up and calls the game not stuck.
const DefaultStuckBudget = 100_000

// Stuck reports whether no sequence of legal moves can reach a position
// with more cards on the foundations: the common case is no legal move at
// all (every free cell full and no card fits anywhere), but cards that
// can only shuffle between cascades and cells without ever freeing a card
// for its foundation are stuck too. It searches the positions reachable
// without such progress; in a game where that set exceeds
// DefaultStuckBudget positions it answers false. A won game is not stuck.
//
// A game that is not stuck may still be lost (every line puts a few more
// cards home and then stops): the solver, not the engine, tells lost from
// winnable.
func (s *State) Stuck() bool {
	stuck, _ := s.StuckWithin(DefaultStuckBudget)
	return stuck
}

// StuckWithin is Stuck with a budget of positions to explore. sure is
// false when the budget ran out before the answer was known; stuck is then
// false.
//
// The search is exact. Without progress the foundations do not change, so
// the cards that would be progress (the next card of each suit) are
// fixed, and a position is its cascades and free cells, keyed up to the
// order of the cascades and of the cells (the rules do not depend on
// either). Moves go to the first empty cell and the first empty cascade
// only, which reach the same keys as the others. The search takes first
// the positions where a next card lies under the fewest cards, and stops
// at the first position where one is on top of a cascade or in a cell.
func (s *State) StuckWithin(budget int) (stuck, sure bool) {
	if s.Won() || s.progress() {
		return false, true
	}
	seen := map[string]struct{}{}
	var buf []byte
	buf = s.stuckKey(buf[:0])
	seen[string(buf)] = struct{}{}
	// queues[h] holds the positions waiting whose nearest next card lies
	// under h cards: the lowest h first, first in first out within it.
	var queues [maxCascade + 1][]State
	queues[s.distance()] = append(queues[s.distance()], *s)
	lowest := 0
	var moves []Move
	for {
		for lowest <= maxCascade && len(queues[lowest]) == 0 {
			lowest++
		}
		if lowest > maxCascade {
			return true, true
		}
		cur := queues[lowest][0]
		queues[lowest] = queues[lowest][1:]
		moves = cur.appendShuffles(moves[:0])
		for _, m := range moves {
			next := cur
			if err := next.Apply(m); err != nil {
				panic(err) // appendShuffles lists legal moves only
			}
			if next.progress() {
				return false, true
			}
			buf = next.stuckKey(buf[:0])
			if _, ok := seen[string(buf)]; ok {
				continue
			}
			if len(seen) >= budget {
				return false, false
			}
			seen[string(buf)] = struct{}{}
			h := next.distance()
			queues[h] = append(queues[h], next)
			lowest = min(lowest, h)
		}
	}
}

// progress reports whether a card can go to its foundation now.
func (s *State) progress() bool {
	for i := range s.cols {
		if c := &s.cols[i]; c.n > 0 && s.home[c.top().Suit()]+1 == uint8(c.top().Rank()) {
			return true
		}
	}
	for _, c := range s.cells[:s.rules.Cells] {
		if c != NoCard && s.home[c.Suit()]+1 == uint8(c.Rank()) {
			return true
		}
	}
	return false
}

// distance returns the fewest cards lying on a card that would go to its
// foundation next: how far the position is from progress, a guess that
// orders the stuck search.
func (s *State) distance() int {
	h := maxCascade
	for i := range s.cols {
		c := &s.cols[i]
		for j := range c.n {
			if card := c.cards[j]; s.home[card.Suit()]+1 == uint8(card.Rank()) {
				h = min(h, int(c.n-j-1))
			}
		}
	}
	return h
}

// appendShuffles appends the legal moves of s that do not go to the
// foundations, to the first empty free cell and the first empty cascade
// only.
func (s *State) appendShuffles(dst []Move) []Move {
	firstEmpty := -1
	for i := range s.cols {
		if s.cols[i].n == 0 {
			firstEmpty = i
			break
		}
	}
	firstCell := -1
	for i := range s.rules.Cells {
		if s.cells[i] == NoCard {
			firstCell = i
			break
		}
	}
	var all [256]Move
	for _, m := range s.AppendMoves(all[:0]) {
		switch {
		case m.to == Foundation:
		case m.to.IsCell() && m.to.Index() != firstCell:
		case m.to.IsCascade() && s.cols[m.to].n == 0 && int(m.to) != firstEmpty:
		default:
			dst = append(dst, m)
		}
	}
	return dst
}

// stuckKey appends to dst the key of the position up to the order of the
// cascades and of the free cells: the cards in the cells, sorted, then
// the cascades in sorted order, each ended by 0xFF.
func (s *State) stuckKey(dst []byte) []byte {
	var cells [MaxCells]byte
	n := 0
	for _, c := range s.cells[:s.rules.Cells] {
		if c != NoCard {
			cells[n] = byte(c)
			n++
		}
	}
	slices.Sort(cells[:n])
	dst = append(dst, cells[:n]...)
	dst = append(dst, 0xFF)
	var flat [NumCards]byte
	var cols [NumCascades][]byte
	k := 0
	for i := range s.cols {
		c := &s.cols[i]
		start := k
		for j := range c.n {
			flat[k] = byte(c.cards[j])
			k++
		}
		cols[i] = flat[start:k:k]
	}
	slices.SortFunc(cols[:], bytes.Compare)
	for _, col := range cols {
		dst = append(dst, col...)
		dst = append(dst, 0xFF)
	}
	return dst
}
