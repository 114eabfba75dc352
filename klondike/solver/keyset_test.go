package solver

import (
	"math/rand/v2"
	"testing"
)

// TestKeySet runs random adds and removes on a keySet and a Go map and
// compares every lookup. Pools of keys about as many as the set's slots
// keep it near half full, so that runs of taken slots form, also across
// the end of the slice, which removal must shift back. Each pool gets
// 200,000 operations, 50,000 with -short.
func TestKeySet(t *testing.T) {
	ops := 200_000
	if testing.Short() {
		ops = 50_000
	}
	rng := rand.New(rand.NewPCG(3, 5))
	for _, spread := range []int{200, 500, 1000, 5000} {
		var m keySet
		want := map[uint64]bool{}
		pool := make([]uint64, spread)
		for i := range pool {
			pool[i] = rng.Uint64() | 1
		}
		key := func() uint64 { return pool[rng.IntN(spread)] }
		for op := range ops {
			k := key()
			switch rng.IntN(3) {
			case 0:
				m.add(k)
				want[k] = true
			case 1:
				m.remove(k)
				delete(want, k)
			}
			if got := m.has(k); got != want[k] {
				t.Fatalf("spread %d op %d: key %#x: got %v, want %v", spread, op, k, got, want[k])
			}
			if m.n != len(want) {
				t.Fatalf("spread %d op %d: %d keys, want %d", spread, op, m.n, len(want))
			}
		}
		for k := range want {
			if !m.has(k) {
				t.Fatalf("spread %d: key %#x: missing", spread, k)
			}
		}
	}
}
