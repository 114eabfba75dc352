package solver

// table is the transposition table: a set of position keys (64-bit hashes
// of canonical positions) in open addressing with linear probing. It
// grows by doubling up to maxSlots and never forgets a key, so a search
// that fills it stops with an unknown verdict instead of losing soundness.
type table struct {
	slots    []uint64
	n        int
	maxSlots int
}

func newTable(maxBytes int64) *table {
	maxSlots := 1 << 12
	for int64(maxSlots)*2*8 <= maxBytes {
		maxSlots *= 2
	}
	return &table{slots: make([]uint64, min(1<<16, maxSlots)), maxSlots: maxSlots}
}

// insert adds k and reports whether it was new. full is true when the
// table may not grow any further; k is then not added.
func (t *table) insert(k uint64) (added, full bool) {
	if k == 0 {
		k = 1
	}
	if 4*(t.n+1) > 3*len(t.slots) {
		if len(t.slots) >= t.maxSlots {
			if t.contains(k) {
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

func (t *table) contains(k uint64) bool {
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

func (t *table) grow() {
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

// reset empties the table for a search of at most n more keys. It keeps
// its memory when that is not much more than n keys need, and otherwise
// starts small again: clearing a large table for a short search would
// cost more than the search.
func (t *table) reset(n int64) {
	want := 1 << 12
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

// bytes returns the memory the table holds.
func (t *table) bytes() int64 { return int64(len(t.slots)) * 8 }
