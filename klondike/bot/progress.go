package bot

import "github.com/solitaire-race/racer/klondike"

// progressFinder looks, breadth first over every legal move the bot can
// see (shuffles and cards taken down from the foundations included), for
// the shortest way to progress: a card more on the foundations or a card
// turned face up. It is what the bot falls back on when its search sees
// no line worth playing: the server calls a racer stuck when no such way
// exists (docs/RULES.md), and while one does the bot keeps playing. It
// reuses its memory from one call to the next; it is not safe for
// concurrent use.
type progressFinder struct {
	seen  map[uint64]struct{}
	queue []progressNode
	// next is the position after a step (a field, not a local, which
	// the calls through skip would move to the heap).
	next board
}

// progressNode is a position of the search and the first step of the way
// to it.
type progressNode struct {
	b     board
	first step
}

// maxProgressNodes bounds the search, as the server bounds its own (the
// match package's stuck budget).
const maxProgressNodes = 20_000

// find returns the first step of a shortest way from b to progress, or
// false when none is in sight within the budget. skip reports positions
// the bot has been in: a first step into one is taken only on a way to a
// card turned up, which can never be undone, so that the bot does not go
// round in circles but does not shut itself out either.
func (f *progressFinder) find(b *board, f2c bool, skip func(*board) bool) (step, bool) {
	if st, ok := f.search(b, f2c, skip, true); ok {
		return st, true
	}
	return f.search(b, f2c, nil, false)
}

// search is find's breadth-first search: with home set, a card more on
// the foundations is progress too.
func (f *progressFinder) search(b *board, f2c bool, skip func(*board) bool, home bool) (step, bool) {
	if f.seen == nil {
		f.seen = make(map[uint64]struct{})
	}
	clear(f.seen)
	f.queue = f.queue[:0]
	down, found := b.faceDown(), b.foundation()
	f.seen[b.key()] = struct{}{}
	var buf [160]step
	expand := func(from *board, first step, root bool) (step, bool) {
		c := &f.next
		for _, st := range allSteps(from, f2c, buf[:0]) {
			*c = after(from, st)
			if root {
				first = st
				if skip != nil && skip(c) {
					continue
				}
			}
			if c.faceDown() < down || home && c.foundation() > found {
				return first, true
			}
			k := c.key()
			if _, ok := f.seen[k]; ok {
				continue
			}
			f.seen[k] = struct{}{}
			f.queue = append(f.queue, progressNode{b: *c, first: first})
		}
		return step{}, false
	}
	if st, ok := expand(b, step{}, true); ok {
		return st, true
	}
	for i := 0; i < len(f.queue) && len(f.seen) < maxProgressNodes; i++ {
		n := f.queue[i]
		if st, ok := expand(&n.b, n.first, false); ok {
			return st, true
		}
	}
	return step{}, false
}

// allSteps appends every legal step the bot can see from b, the plays
// now and the talon plays, but those that only mirror another: empty
// columns are all alike, so cards go only to the first, and a king at
// the bottom of its column does not move to an empty one.
func allSteps(b *board, f2c bool, buf []step) []step {
	firstEmpty := -1
	for i := range b.cols {
		if b.cols[i].n == 0 && b.cols[i].down == 0 {
			firstEmpty = i
			break
		}
	}
	var ms [96]klondike.Move
	for _, m := range b.playMoves(ms[:0], f2c) {
		switch m.Kind {
		case klondike.WasteToColumn, klondike.FoundationToColumn:
			if b.cols[m.To].n == 0 && int(m.To) != firstEmpty {
				continue
			}
		case klondike.ColumnToColumn:
			if b.cols[m.To].n == 0 && (int(m.To) != firstEmpty || b.cols[m.From].down == 0 && m.N == b.cols[m.From].n) {
				continue
			}
		}
		buf = append(buf, step{m: m})
	}
	first := len(buf)
	buf = b.talonPlays(buf)
	n := first
	for _, st := range buf[first:] {
		if st.m.Kind == klondike.WasteToColumn && b.cols[st.m.To].n == 0 && int(st.m.To) != firstEmpty {
			continue
		}
		buf[n] = st
		n++
	}
	return buf[:n]
}
