package klondike

// DefaultStuckBudget is the number of positions Stuck explores before it
// gives up and calls the game not stuck.
const DefaultStuckBudget = 200_000

// Stuck reports whether no sequence of legal moves can reach a position
// with more cards on the foundations or fewer face-down cards than now
// (RULES.md). It searches the positions reachable without such progress;
// in the rare game where that set exceeds DefaultStuckBudget positions it
// answers false. A won game is not stuck.
func (s *State) Stuck() bool {
	stuck, _ := s.StuckWithin(DefaultStuckBudget)
	return stuck
}

// StuckWithin is Stuck with a budget of positions to explore. sure is
// false when the budget ran out before the answer was known; stuck is then
// false.
func (s *State) StuckWithin(budget int) (stuck, sure bool) {
	if s.Won() {
		return false, true
	}
	found, down := s.FoundationCards(), s.FaceDownCount()
	progress := func(t *State) bool {
		return t.FoundationCards() > found || t.FaceDownCount() < down
	}
	seen := map[board]struct{}{s.key(): {}}
	stack := []State{*s}
	var buf [64]Move
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, m := range cur.Moves(buf[:0]) {
			next := cur
			if next.Apply(m) != nil {
				continue
			}
			if progress(&next) {
				return false, true
			}
			k := next.key()
			if _, ok := seen[k]; ok {
				continue
			}
			if len(seen) >= budget {
				return false, false
			}
			seen[k] = struct{}{}
			stack = append(stack, next)
		}
	}
	return true, true
}

// key returns the board with the pass count dropped when passes are
// unlimited: positions that differ only there are the same.
func (s *State) key() board {
	k := s.b
	if s.rules.Passes == Unlimited {
		k.passes = 0
	}
	return k
}
