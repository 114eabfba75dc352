package solver

// The exact pass also keeps a second table: the classes of positions
// (twins.go; both tables are keyed up to twin swaps) proven lost. The
// first table records classes searched, but finishing the search below P
// does not prove P lost: it skipped the positions on its own path (a
// cycle of moves) and those searched elsewhere but not proven.
//
// Which finished positions are proven. Each search returns the shallowest
// depth of the path that its result depends on (low): a move from P that
// the filters allow leads to a position searched below P, or proven lost,
// or skipped by the first table as one on the path at depth e (low e), or
// as one finished but not proven (the low of the pending ones, below).
// When the search below P at depth d ends with low >= d, P and every
// unproven position finished below it are lost: that set is closed under
// the filtered moves but for moves to proven losses, and a winnable
// position in it with the shortest win would have a filtered move to a
// winnable position with a shorter win (the filters keep some winning
// line of every winnable position, as solve.go and useful.go argue),
// which is in the set since it is no loss: a contradiction. So they are
// all recorded, with the fresh passes their searches covered
// (dominated). Otherwise P joins the pending list.
//
// A position skipped by the first table counts as proven when its class
// is in the second table; else as on the path at the depth a map of the
// path's keys gives, or failing that as pending, with the shallowest low of the
// whole pending list (every pending position depends on a position still
// on the path). The pending list is bounded; past the bound a pending
// position counts as depending on the root, which proves less but stays
// sound.

// noLow is the dependency depth of a proven position.
const noLow = 1 << 30

// pendingEntry is a finished, unproven position: its class key (and its
// fresh pass's, or 0), and the shallowest dependency of it and of every
// entry before it.
type pendingEntry struct {
	key, fresh uint64
	low        int32
}

// proofs is the exact pass's bookkeeping of proven losses.
type proofs struct {
	proving    bool // the exact pass: classes proven lost are marked in the table
	pending    []pendingEntry
	maxPending int
	overflow   bool     // pending entries were dropped: unproven ones depend on the root
	onPath     pathMap  // first-table keys on the path (and the fresh passes they cover): depth
	pathKey    []uint64 // first-table key of the position at each depth of the path
	pathFresh  []uint64 // the fresh pass it covers, or 0
	retLow     int      // the dependency depth of the last search returned
}

// hitLow returns the dependency depth of a position skipped by the first
// table at depth: key is its first-table key (or that of the smaller
// waste that dominates it). A position on the path counts as such even if
// it was proven lost meanwhile: that only proves less.
func (sr *search) hitLow(depth int, key uint64) int {
	if d, ok := sr.onPath.get(key); ok && int(d) < depth {
		return int(d)
	}
	if !sr.overflow && len(sr.pending) == 0 {
		return noLow
	}
	if sr.tt.isProven(key) {
		return noLow
	}
	if sr.overflow {
		return 0
	}
	return int(sr.pending[len(sr.pending)-1].low)
}

// enter records the position searched at depth on the path.
func (sr *search) enter(depth int, key, h uint64, fresh bool) {
	for len(sr.pathKey) <= depth {
		sr.pathKey = append(sr.pathKey, 0)
		sr.pathFresh = append(sr.pathFresh, 0)
	}
	sr.pathKey[depth] = key
	sr.pathFresh[depth] = 0
	sr.onPath.add(key, int32(depth)) // unless a shallower position has the key
	if fresh {
		f := posKey(h, 0)
		sr.pathFresh[depth] = f
		sr.onPath.add(f, int32(depth)) // unless a shallower position covers it too
	}
}

// leave removes the position at depth from the path.
func (sr *search) leave(depth int) {
	for _, k := range [2]uint64{sr.pathKey[depth], sr.pathFresh[depth]} {
		if d, ok := sr.onPath.get(k); ok && int(d) == depth {
			sr.onPath.remove(k)
		}
	}
	sr.pathKey[depth], sr.pathFresh[depth] = 0, 0
}

// finished records that the search below the position at depth, with
// table key key and hash but for its waste h, found no win; pending is the
// length of the pending list when its search began, low the shallowest
// dependency of its moves.
func (sr *search) finished(depth int, key, h uint64, fresh bool, pending int, low int) {
	var freshKey uint64
	if fresh {
		freshKey = posKey(h, 0)
	}
	sr.leave(depth)
	if low >= depth {
		sr.tt.prove(key)
		if freshKey != 0 {
			sr.tt.prove(freshKey)
		}
		for _, e := range sr.pending[pending:] {
			sr.tt.prove(e.key)
			if e.fresh != 0 {
				sr.tt.prove(e.fresh)
			}
		}
		sr.pending = sr.pending[:pending]
		sr.retLow = noLow
		return
	}
	sr.retLow = low
	if len(sr.pending) >= sr.maxPending {
		sr.overflow = true
		return
	}
	if n := len(sr.pending); n > 0 {
		low = min(low, int(sr.pending[n-1].low))
	}
	sr.pending = append(sr.pending, pendingEntry{key: key, fresh: freshKey, low: int32(low)})
}
