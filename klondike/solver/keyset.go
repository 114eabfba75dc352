package solver

// keySet is a set of table keys; the searches keep in it the keys of the
// positions on the path when a run ended (restart.go), looked up at every
// table hit while any is left: open addressing with linear probing and
// backward-shift deletion, faster than a Go map. Keys are never 0
// (posKey). The zero value is an empty set.
type keySet struct {
	keys  []uint64
	n     int
	shift uint
}

func (m *keySet) slot(k uint64) int { return int((k * 0x9E3779B97F4A7C15) >> m.shift) }

// find returns the index of k's slot, or of the empty slot where it
// would go.
func (m *keySet) find(k uint64) int {
	mask := len(m.keys) - 1
	i := m.slot(k)
	for m.keys[i] != k && m.keys[i] != 0 {
		i = (i + 1) & mask
	}
	return i
}

// has reports whether k is in the set.
func (m *keySet) has(k uint64) bool {
	return m.n > 0 && m.keys[m.find(k)] != 0
}

// add puts k in the set.
func (m *keySet) add(k uint64) {
	if 2*(m.n+1) > len(m.keys) {
		m.grow()
	}
	if i := m.find(k); m.keys[i] == 0 {
		m.keys[i] = k
		m.n++
	}
}

// remove takes k out of the set.
func (m *keySet) remove(k uint64) {
	if m.n == 0 {
		return
	}
	mask := len(m.keys) - 1
	i := m.find(k)
	if m.keys[i] == 0 {
		return
	}
	// Move back each later key of the run whose own slot does not lie
	// cyclically in (i, j], so that no probe meets a hole before its key.
	for j := (i + 1) & mask; m.keys[j] != 0; j = (j + 1) & mask {
		s := m.slot(m.keys[j])
		if (j > i && (s <= i || s > j)) || (j < i && s <= i && s > j) {
			m.keys[i] = m.keys[j]
			i = j
		}
	}
	m.keys[i] = 0
	m.n--
}

func (m *keySet) grow() {
	old := m.keys
	n := max(2*len(old), 256)
	m.keys = make([]uint64, n)
	m.shift = 64
	for s := n; s > 1; s >>= 1 {
		m.shift--
	}
	for _, k := range old {
		if k != 0 {
			m.keys[m.find(k)] = k
		}
	}
}
