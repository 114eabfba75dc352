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

// TestTableFull checks that a table at its bound adds nothing new, says
// so, and still answers for what it holds: a search that fills it stops
// with an unknown verdict instead of forgetting a position.
func TestTableFull(t *testing.T) {
	tb := newTable(minSlots * 8)
	var i uint64
	for ; ; i++ {
		if i > minSlots {
			t.Fatalf("%d keys in a table of %d slots, and not full", i, minSlots)
		}
		added, full := tb.insert(posKey(mix(i), 0))
		if full {
			break
		}
		if !added {
			t.Fatalf("key %d: not added, table not full", i)
		}
	}
	if len(tb.slots) != minSlots || 4*tb.n > 3*minSlots || 4*(tb.n+1) <= 3*minSlots {
		t.Fatalf("full after %d keys in %d slots, want 3/4 of %d", tb.n, len(tb.slots), minSlots)
	}
	if added, full := tb.insert(posKey(mix(0), 0)); added || full {
		t.Fatalf("a key of a full table: got added %v full %v, want neither", added, full)
	}
	if tb.contains(posKey(mix(i), 0)) {
		t.Fatalf("the key refused by a full table was added")
	}
	if !tb.contains(posKey(mix(i-1), 0)) {
		t.Fatalf("the last key added before the table was full is missing")
	}
}
