package solver

import (
	"sync"

	"github.com/solitaire-race/racer/internal/tt"
)

// table is the transposition table (internal/tt) under the names the
// search uses.
type table struct {
	tt.Table
	maxBytes int64
}

// tables keeps tables between searches: most searches are short, and
// allocating and clearing a fresh table would cost them more than the
// search.
var tables sync.Pool

// newTable returns an empty table of at most maxBytes, from tables when
// one of that bound is there; give it back with put.
func newTable(maxBytes int64) *table {
	if t, ok := tables.Get().(*table); ok && t.maxBytes == maxBytes {
		t.ResetFor(1 << 15)
		return t
	}
	return &table{Table: *tt.New(maxBytes), maxBytes: maxBytes}
}

// put gives t back for another search.
func (t *table) put() { tables.Put(t) }

func (t *table) insert(k uint64) (added, full bool) { return t.Insert(k) }
