package spider

import (
	"bytes"
	"slices"
)

// DefaultStuckBudget is the number of positions Stuck explores before it
// gives up and calls the game not stuck.
const DefaultStuckBudget = 100_000

// Stuck reports whether no sequence of legal moves can reach a position
// with more completed runs, fewer face-down cards, or a legal deal (a
// deal is progress: new cards). It searches the positions reachable
// without such progress; in a game where that set exceeds
// DefaultStuckBudget positions it answers false. A won game is not stuck.
func (s *State) Stuck() bool {
	stuck, _ := s.StuckWithin(DefaultStuckBudget)
	return stuck
}

// StuckWithin is Stuck with a budget of positions to explore. sure is
// false when the budget ran out before the answer was known; stuck is then
// false.
//
// Without progress no face-down card turns up, no run is completed and no
// deal happens, so the face-down cards and the stock stay as they are and
// a position is the face-up cards of its columns. Columns with no
// face-down card are interchangeable (a move between two of them means
// the same whatever their places), so the key lists their face-up cards
// in sorted order after those of the other columns in place.
func (s *State) StuckWithin(budget int) (stuck, sure bool) {
	if s.Won() {
		return false, true
	}
	if s.progress(s) {
		return false, true
	}
	seen := map[string]struct{}{s.stuckKey(): {}}
	queue := []State{*s}
	var buf [256]Move
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, m := range cur.AppendMoves(buf[:0]) {
			next := cur
			if err := next.Apply(m); err != nil {
				panic("spider: a listed move was refused: " + err.Error())
			}
			if s.progress(&next) {
				return false, true
			}
			k := next.stuckKey()
			if _, ok := seen[k]; ok {
				continue
			}
			if len(seen) >= budget {
				return false, false
			}
			seen[k] = struct{}{}
			queue = append(queue, next)
		}
	}
	return true, true
}

// progress reports whether t made progress over s: more runs completed,
// fewer face-down cards, or a deal now legal.
func (s *State) progress(t *State) bool {
	if t.b.nDone > s.b.nDone || t.FaceDownCount() < s.FaceDownCount() {
		return true
	}
	if t.b.nStock == 0 {
		return false
	}
	for i := range t.b.cols {
		if t.b.cols[i].n == 0 {
			return false
		}
	}
	return true
}

// stuckKey returns the key of a position in a stuck search: the face-up
// cards of each column with face-down cards, in place, then those of the
// other columns in sorted order, each column ended by 0xFF.
func (s *State) stuckKey() string {
	var fixed []byte
	var free [][]byte
	for i := range s.b.cols {
		c := &s.b.cols[i]
		up := make([]byte, 0, c.n-c.down+1)
		for _, card := range c.cards[c.down:c.n] {
			up = append(up, byte(card))
		}
		up = append(up, 0xFF)
		if c.down > 0 {
			fixed = append(fixed, up...)
		} else {
			free = append(free, up)
		}
	}
	slices.SortFunc(free, bytes.Compare)
	for _, f := range free {
		fixed = append(fixed, f...)
	}
	return string(fixed)
}
