package solver

import (
	"math/rand/v2"
	"testing"
)

// TestPathMap runs random adds and removes on a pathMap and a Go map and
// compares every lookup. Pools of keys about as many as the map's slots
// keep it near half full, so that runs of taken slots form, also across
// the end of the slice, which removal must shift back.
func TestPathMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for _, spread := range []int{200, 500, 1000, 5000} {
		var m pathMap
		want := map[uint64]int32{}
		pool := make([]uint64, spread)
		for i := range pool {
			pool[i] = rng.Uint64() | 1
		}
		key := func() uint64 { return pool[rng.IntN(spread)] }
		for op := 0; op < 200_000; op++ {
			k := key()
			switch rng.IntN(3) {
			case 0:
				d := int32(rng.IntN(1000))
				m.add(k, d)
				if _, ok := want[k]; !ok {
					want[k] = d
				}
			case 1:
				m.remove(k)
				delete(want, k)
			}
			got, ok := m.get(k)
			w, wok := want[k]
			if ok != wok || (ok && got != w) {
				t.Fatalf("spread %d op %d: key %#x: got (%d, %v), want (%d, %v)", spread, op, k, got, ok, w, wok)
			}
			if m.n != len(want) {
				t.Fatalf("spread %d op %d: %d keys, want %d", spread, op, m.n, len(want))
			}
		}
		for k, w := range want {
			if got, ok := m.get(k); !ok || got != w {
				t.Fatalf("spread %d: key %#x: got (%d, %v), want %d", spread, k, got, ok, w)
			}
		}
	}
}
