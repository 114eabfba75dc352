// Package tt is the transposition table of the solvers (klondike/solver,
// spider/solver): a set of 64-bit position keys with a memory bound. It
// uses the standard library only, like the engines that import it.
//
//	t := tt.New(64 << 20)
//	if added, full := t.Insert(key); full {
//		// out of memory: stop with an unknown verdict
//	} else if !added {
//		// seen before: prune
//	}
package tt
