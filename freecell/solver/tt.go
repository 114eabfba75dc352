package solver

import "github.com/solitaire-race/racer/internal/tt"

// table is the transposition table (internal/tt) under the names the
// search uses.
type table struct{ tt.Table }

func newTable(maxBytes int64) *table { return &table{Table: *tt.New(maxBytes)} }

func (t *table) insert(k uint64) (added, full bool) { return t.Insert(k) }
