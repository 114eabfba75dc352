package enginetest

// StuckReference is the plain search of the definition of stuck, kept as
// the reference for an engine's StuckWithin: a depth-first search over
// the positions reachable from s by moves (each applied with apply)
// without progress, each seen once by its key. It reports not stuck at
// the first position with progress, and stuck when every position was
// seen without any; sure is false when more than budget positions were
// seen first. The caller answers for s itself (won, or progress already).
func StuckReference[S, M any, K comparable](s *S, budget int, moves func(*S) []M, apply func(*S, M) error, progress func(*S) bool, key func(*S) K) (stuck, sure bool) {
	seen := map[K]bool{key(s): true}
	stack := []S{*s}
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, m := range moves(&cur) {
			next := cur
			if err := apply(&next, m); err != nil {
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
