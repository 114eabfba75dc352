package spider

import "github.com/solitaire-race/racer/internal/enginetest"

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
	return enginetest.StuckReference(s, budget, refMoves, (*State).Apply, progress, key)
}
