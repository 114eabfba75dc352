package solver

import "testing"

// TestTableKeys checks the table's keys: the waste sizes of one position
// get distinct keys that start probing at the same slot, and keys are
// found again after the table grows.
func TestTableKeys(t *testing.T) {
	seen := map[uint64]bool{}
	h := uint64(0x9E3779B97F4A7C15)
	for w := range uint8(talonSize + 1) {
		k := posKey(h, w)
		if seen[k] {
			t.Fatalf("waste code %d: got key %#x, already used by another waste code", w, k)
		}
		seen[k] = true
		if k>>40 != h>>40 {
			t.Errorf("waste code %d: got high bits %#x, want %#x", w, k>>40, h>>40)
		}
	}
	tb := newTable(1 << 30)
	var keys []uint64
	for i := range uint64(200_000) {
		k := posKey(mix(i), uint8(i%(talonSize+1)))
		keys = append(keys, k)
		if added, full := tb.insert(k); !added || full {
			t.Fatalf("key %d: got added %v full %v, want added", i, added, full)
		}
	}
	for i, k := range keys {
		if !tb.contains(k) {
			t.Fatalf("key %d: not found after growing", i)
		}
		if added, _ := tb.insert(k); added {
			t.Fatalf("key %d: added twice", i)
		}
	}
	if tb.contains(posKey(mix(1<<40), 0)) {
		t.Errorf("got a key never inserted")
	}
}
