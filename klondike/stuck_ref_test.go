package klondike

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
	seen := map[board]bool{key(s): true}
	stack := []State{*s}
	var buf [64]Move
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, m := range cur.Moves(buf[:0]) {
			next := cur
			if err := next.Apply(m); err != nil {
				panic(err)
			}
			if next.FoundationCards() > found || next.FaceDownCount() < down {
				return false, true
			}
			k := key(&next)
			if seen[k] {
				continue
			}
			if len(seen) >= budget {
				return false, false
			}
			seen[k] = true
			stack = append(stack, next)
		}
	}
	return true, true
}
