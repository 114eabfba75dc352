package solver

// table is the set of positions searched: a set of 64-bit keys in open
// addressing with linear probing, bounded in memory. A key (posKey) is
// the hash of a position but for its waste size, with a code of the
// waste size mixed into its low 40 bits only: a key's first slot comes
// from its high bits, so a position's waste sizes lie side by side and
// the waste sizes dominated checks cost about one cache miss, not one
// each. The table grows by doubling up to its bound and never forgets a
// key, so a search that fills it stops with an unknown verdict instead of
// losing soundness. A table is not safe for concurrent use.
type table struct {
	slots    []uint64
	n        int
	maxSlots int
	shift    uint   // a key's first slot is key >> shift
	sink     uint64 // touch's sum, stored so that its loads are not dropped
}

// minSlots is the fewest slots a table has; it starts with startSlots.
const (
	minSlots   = 1 << 12
	startSlots = 1 << 16
)

// posKey returns the table key of a position whose hash but for its waste
// is h, with waste code w (at most talonSize).
func posKey(h uint64, w uint8) uint64 {
	k := h ^ wasteKey[w]
	if k == 0 {
		k = 2
	}
	return k
}

// wasteKey holds the codes of the waste sizes, below bit 40: distinct, so
// two waste sizes of one position never share a key.
var wasteKey [talonSize + 1]uint64

func init() {
	for w := 1; w < len(wasteKey); w++ {
		wasteKey[w] = mix(uint64(w)+0x243F6A8885A308D3)>>24 | 2
	}
}

// newTable returns an empty table that holds at most maxBytes of slots (at
// least 32 KiB).
func newTable(maxBytes int64) *table {
	maxSlots := minSlots
	for int64(maxSlots)*2*8 <= maxBytes {
		maxSlots *= 2
	}
	t := &table{maxSlots: maxSlots}
	t.alloc(min(startSlots, maxSlots))
	return t
}

func (t *table) alloc(n int) {
	t.slots = make([]uint64, n)
	t.shift = 64
	for m := n; m > 1; m >>= 1 {
		t.shift--
	}
}

// find returns the index of k's slot, or of the empty slot where it would
// go.
func (t *table) find(k uint64) int {
	mask := len(t.slots) - 1
	for i := int(k >> t.shift); ; i = (i + 1) & mask {
		if s := t.slots[i]; s == k || s == 0 {
			return i
		}
	}
}

// insert adds k and reports whether it was new. full is true when the
// table may not grow any further; k is then not added.
func (t *table) insert(k uint64) (added, full bool) {
	if 4*(t.n+1) > 3*len(t.slots) {
		if len(t.slots) >= t.maxSlots {
			return false, !t.contains(k)
		}
		t.grow()
	}
	i := t.find(k)
	if t.slots[i] != 0 {
		return false, false
	}
	t.slots[i] = k
	t.n++
	return true, false
}

// contains reports whether k is in the table.
func (t *table) contains(k uint64) bool { return t.slots[t.find(k)] != 0 }

// touch loads the first slot of each kid's key, with no branch on what
// it reads, so that their cache misses overlap.
func (t *table) touch(kids []kid) {
	var x uint64
	for i := range kids {
		x += t.slots[kids[i].key>>t.shift]
	}
	t.sink = x
}

func (t *table) grow() {
	old := t.slots
	t.alloc(2 * len(old))
	for _, s := range old {
		if s != 0 {
			t.slots[t.find(s)] = s
		}
	}
}

// reset empties the table, keeping its memory.
func (t *table) reset() {
	clear(t.slots)
	t.n = 0
}
