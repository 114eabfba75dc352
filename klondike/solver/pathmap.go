package solver

// pathMap maps table keys to int32s; the searches keep in it the keys of
// the positions on the path when a run ended (restart.go), looked up at
// every table hit while any is left: open addressing with linear probing
// and backward-shift deletion, faster than a Go map. Keys are never 0
// (posKey). The zero value is an empty map.
type pathMap struct {
	keys  []uint64
	vals  []int32
	n     int
	shift uint
}

func (m *pathMap) slot(k uint64) int { return int((k * 0x9E3779B97F4A7C15) >> m.shift) }

// find returns the index of k's slot, or of the empty slot where it
// would go.
func (m *pathMap) find(k uint64) int {
	mask := len(m.keys) - 1
	i := m.slot(k)
	for m.keys[i] != k && m.keys[i] != 0 {
		i = (i + 1) & mask
	}
	return i
}

// get returns k's depth, if k is on the path.
func (m *pathMap) get(k uint64) (int32, bool) {
	if m.n == 0 {
		return 0, false
	}
	i := m.find(k)
	return m.vals[i], m.keys[i] != 0
}

// add maps k to d unless k is mapped already.
func (m *pathMap) add(k uint64, d int32) {
	if 2*(m.n+1) > len(m.keys) {
		m.grow()
	}
	if i := m.find(k); m.keys[i] == 0 {
		m.keys[i], m.vals[i] = k, d
		m.n++
	}
}

// remove unmaps k.
func (m *pathMap) remove(k uint64) {
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
			m.keys[i], m.vals[i] = m.keys[j], m.vals[j]
			i = j
		}
	}
	m.keys[i] = 0
	m.n--
}

func (m *pathMap) grow() {
	oldK, oldV := m.keys, m.vals
	n := max(2*len(oldK), 256)
	m.keys, m.vals = make([]uint64, n), make([]int32, n)
	m.shift = 64
	for s := n; s > 1; s >>= 1 {
		m.shift--
	}
	for i, k := range oldK {
		if k != 0 {
			j := m.find(k)
			m.keys[j], m.vals[j] = k, oldV[i]
		}
	}
}
