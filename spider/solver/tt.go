package solver

import "github.com/solitaire-race/racer/internal/tt"

// table is the transposition table (internal/tt) under the names the
// search uses; reset(n) readies it for at most n more keys.
type table struct{ tt.Table }

func newTable(maxBytes int64) *table { return &table{Table: *tt.New(maxBytes)} }

func (t *table) insert(k uint64) (added, full bool) { return t.Insert(k) }
func (t *table) reset(n int64)                      { t.ResetFor(n) }
