package solver

// table is the set of positions searched, in open addressing with
// linear probing, bounded in memory. An entry holds the hash of a
// position but for its waste size (a 64-bit key) and a bit for each waste
// code (wasteCode) searched with it, so the waste sizes of one position,
// which dominated checks together, cost one probe. The table grows by
// doubling up to its bound and never forgets an entry, so a search that
// fills it stops with an unknown verdict instead of losing soundness. A
// table is not safe for concurrent use.
type table struct {
	slots    []entry
	n        int
	maxSlots int
	shift    uint // a key's first slot is key >> shift
	sink     uint64
}

// entry is a slot of the table: key 0 is an empty slot.
type entry struct {
	key  uint64
	seen uint32 // bit w: searched with waste code w
}

// minSlots is the fewest slots a table has; it starts with startSlots.
const (
	minSlots   = 1 << 12
	startSlots = 1 << 15
)

// posKey returns a key of a position (its hash but for the waste is h)
// with its waste code w (at most talonSize), for the key sets of
// restart.go: distinct for each waste code.
func posKey(h uint64, w uint8) uint64 {
	k := h ^ wasteKey[w]
	if k == 0 {
		k = 2
	}
	return k
}

// wasteKey holds the codes of the waste sizes: distinct, so two waste
// sizes of one position never share a key.
var wasteKey [talonSize + 1]uint64

func init() {
	for w := 1; w < len(wasteKey); w++ {
		wasteKey[w] = mix(uint64(w)+0x243F6A8885A308D3)>>24 | 2
	}
}

// entrySize is the bytes of an entry.
const entrySize = 16

// tableKey is the key of h in a table: never 0, the empty slot.
func tableKey(h uint64) uint64 {
	if h == 0 {
		return 1
	}
	return h
}

// newTable returns an empty table that holds at most maxBytes of slots (at
// least minSlots).
func newTable(maxBytes int64) *table {
	maxSlots := minSlots
	for int64(maxSlots)*2*entrySize <= maxBytes {
		maxSlots *= 2
	}
	t := &table{maxSlots: maxSlots}
	t.alloc(min(startSlots, maxSlots))
	return t
}

func (t *table) alloc(n int) {
	t.slots = make([]entry, n)
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
		if s := t.slots[i].key; s == k || s == 0 {
			return i
		}
	}
}

// seen returns the waste codes searched with the position whose hash but
// for the waste is h, adding an entry for it if there was none. The
// pointer is good until the next call. full is true when there was none
// and the table may not grow any further; nothing is added then.
func (t *table) seen(h uint64) (seen *uint32, full bool) {
	k := tableKey(h)
	if 4*(t.n+1) > 3*len(t.slots) {
		if len(t.slots) >= t.maxSlots {
			i := t.find(k)
			if t.slots[i].key == 0 {
				return nil, true
			}
			return &t.slots[i].seen, false
		}
		t.grow()
	}
	i := t.find(k)
	if t.slots[i].key == 0 {
		t.slots[i].key = k
		t.n++
	}
	return &t.slots[i].seen, false
}

// has reports whether the position whose hash but for the waste is h was
// searched with waste code w.
func (t *table) has(h uint64, w uint8) bool {
	e := &t.slots[t.find(tableKey(h))]
	return e.key != 0 && e.seen&(1<<w) != 0
}

// touch loads the first slot of each kid's entry, with no branch on what
// it reads, so that their cache misses overlap.
func (t *table) touch(kids []kid) {
	var x uint64
	for i := range kids {
		x += t.slots[tableKey(kids[i].h)>>t.shift].key
	}
	t.sink = x
}

func (t *table) grow() {
	old := t.slots
	t.alloc(2 * len(old))
	for _, e := range old {
		if e.key != 0 {
			t.slots[t.find(e.key)] = e
		}
	}
}

// reset empties the table, keeping its memory.
func (t *table) reset() {
	clear(t.slots)
	t.n = 0
}
