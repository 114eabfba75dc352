package solver

import "testing"

// TestTableKeys checks the table: the waste sizes of one position get
// distinct keys (posKey, for the key sets of restart.go) and share one
// entry of the table, and entries are found again after the table grows.
func TestTableKeys(t *testing.T) {
	seen := map[uint64]bool{}
	h := uint64(0x9E3779B97F4A7C15)
	for w := range uint8(talonSize + 1) {
		k := posKey(h, w)
		if seen[k] {
			t.Fatalf("waste code %d: got key %#x, already used by another waste code", w, k)
		}
		seen[k] = true
	}
	tb := newTable(1 << 30)
	const n = 200_000 // mix(0) is 0: hash 0, whose key is 1, is among them
	for i := range uint64(n) {
		h, w := mix(i), uint8(i%(talonSize+1))
		s, full := tb.seen(h)
		if full || *s != 0 {
			t.Fatalf("hash %d: got waste codes %#x full %v, want a new entry", i, *s, full)
		}
		*s |= 1 << w
		if s, _ := tb.seen(h); *s != 1<<w {
			t.Fatalf("hash %d: got waste codes %#x, want %#x", i, *s, 1<<w)
		}
	}
	if tb.n != n || len(tb.slots) < n {
		t.Fatalf("got %d entries in %d slots, want %d entries", tb.n, len(tb.slots), n)
	}
	for i := range uint64(n) {
		h, w := mix(i), uint8(i%(talonSize+1))
		for v := range uint8(talonSize + 1) {
			if got := tb.has(h, v); got != (v == w) {
				t.Fatalf("hash %d waste code %d: got has %v after growing, want %v", i, v, got, v == w)
			}
		}
	}
	if tb.has(mix(n), 0) || tb.n != n {
		t.Errorf("got an entry never added")
	}
}

// TestTableFull checks that a table at its bound adds nothing new and
// still answers for what it holds.
func TestTableFull(t *testing.T) {
	tb := newTable(minSlots * entrySize)
	var i uint64
	for ; ; i++ {
		s, full := tb.seen(mix(i))
		if full {
			break
		}
		*s = 1
	}
	if len(tb.slots) != minSlots || 4*tb.n > 3*minSlots || 4*(tb.n+1) <= 3*minSlots {
		t.Fatalf("full after %d entries in %d slots, want 3/4 of %d", tb.n, len(tb.slots), minSlots)
	}
	if s, full := tb.seen(mix(0)); full || *s != 1 {
		t.Fatalf("an entry of a full table: got full %v", full)
	}
	if _, full := tb.seen(mix(i + 1)); !full || tb.has(mix(i+1), 0) {
		t.Fatalf("a new hash in a full table: got full %v", full)
	}
}
