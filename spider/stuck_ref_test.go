package spider

// stuckReference is the plain definition, kept as the reference for
// StuckWithin: a depth-first search over whole positions reachable
// without progress (more completed runs, fewer face-down cards, or a
// legal deal), keyed by every column's cards in place. sure is false when
// more than budget positions were seen.
func stuckReference(s *State, budget int) (stuck, sure bool) {
	if s.Won() {
		return false, true
	}
	done, down := s.Completed(), s.FaceDownCount()
	progress := func(t *State) bool {
		return t.Completed() > done || t.FaceDownCount() < down || t.Legal(DealMove())
	}
	if progress(s) {
		return false, true
	}
	key := func(t *State) string {
		var k []byte
		for i := range NumColumns {
			for _, c := range t.Column(i) {
				k = append(k, byte(c))
			}
			k = append(k, '|')
		}
		return string(k)
	}
	seen := map[string]bool{key(s): true}
	stack := []State{*s}
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, m := range refMoves(&cur) {
			next := cur
			if err := next.Apply(m); err != nil {
				panic(err)
			}
			if progress(&next) {
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
