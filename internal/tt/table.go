package tt

// minSlots is the fewest slots a Table has.
const minSlots = 1 << 12

// Table is a set of position keys (64-bit hashes of canonical positions)
// in open addressing with linear probing. It grows by doubling up to a
// bound and never forgets a key, so a search that fills it stops with an
// unknown verdict instead of losing soundness. Key 0 is stored as 1. A
// Table is not safe for concurrent use.
type Table struct {
	slots    []uint64
	n        int
	maxSlots int
}

// New returns an empty table that holds at most maxBytes of slots (at
// least 32 KiB).
func New(maxBytes int64) *Table {
	maxSlots := minSlots
	for int64(maxSlots)*2*8 <= maxBytes {
		maxSlots *= 2
	}
	return &Table{slots: make([]uint64, min(1<<16, maxSlots)), maxSlots: maxSlots}
}

// Insert adds k and reports whether it was new. full is true when the
// table may not grow any further; k is then not added.
func (t *Table) Insert(k uint64) (added, full bool) {
	if k == 0 {
		k = 1
	}
	if 4*(t.n+1) > 3*len(t.slots) {
		if len(t.slots) >= t.maxSlots {
			if t.Contains(k) {
				return false, false
			}
			return false, true
		}
		t.grow()
	}
	mask := uint64(len(t.slots) - 1)
	for i := k & mask; ; i = (i + 1) & mask {
		switch t.slots[i] {
		case k:
			return false, false
		case 0:
			t.slots[i] = k
			t.n++
			return true, false
		}
	}
}

// Contains reports whether k is in the table.
func (t *Table) Contains(k uint64) bool {
	if k == 0 {
		k = 1
	}
	mask := uint64(len(t.slots) - 1)
	for i := k & mask; ; i = (i + 1) & mask {
		switch t.slots[i] {
		case k:
			return true
		case 0:
			return false
		}
	}
}

func (t *Table) grow() {
	old := t.slots
	t.slots = make([]uint64, 2*len(old))
	mask := uint64(len(t.slots) - 1)
	for _, k := range old {
		if k == 0 {
			continue
		}
		i := k & mask
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = k
	}
}

// Reset empties the table, keeping its memory.
func (t *Table) Reset() {
	clear(t.slots)
	t.n = 0
}

// ResetFor empties the table for a search of at most n more keys. It
// keeps its memory when that is not much more than n keys need, and
// otherwise starts small again: clearing a large table for a short search
// would cost more than the search.
func (t *Table) ResetFor(n int64) {
	want := minSlots
	for want < t.maxSlots && int64(want) < 2*n {
		want *= 2
	}
	if len(t.slots) > 2*want {
		t.slots = make([]uint64, want)
	} else {
		clear(t.slots)
	}
	t.n = 0
}

// Len returns the number of keys in the table.
func (t *Table) Len() int { return t.n }

// Bytes returns the memory the table holds.
func (t *Table) Bytes() int64 { return int64(len(t.slots)) * 8 }
