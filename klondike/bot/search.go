package bot

import "github.com/solitaire-race/racer/klondike"

// searcher looks ahead over what the bot knows of a Klondike position: the
// face-up cards and the talon cards it has seen. A card a line turns face
// up is unknown to it, so a line ends there for that column. It searches
// deeper and deeper (iterative deepening) until its node budget runs out,
// remembering each position's value in a transposition table, and plays
// only the moves that can matter (pruned as the solver prunes: a partial
// run moves only when something can use the card it uncovers, a column
// empties only when a king could fill it). A searcher is reused across
// the moves of one game; it is not safe for concurrent use.
type searcher struct {
	f2c    bool
	budget int
	nodes  int
	// deeper is set when a search stopped at its depth: one level more
	// might find more.
	deeper bool
	tt     []ttEntry
	gen    uint32
	// w weighs the evaluation.
	w weights
	// unseen are the cards the bot has not seen, one of which each card
	// the search turns up is.
	unseen []klondike.Card
	// stack holds the positions of the line searched, by depth left: a
	// recursive search's own boards would each be allocated.
	stack [maxDepth]board
	// cands are the first steps of the last search, with the values of
	// their lines; vals is scratch.
	cands []candidate
	vals  []int
}

// candidate is a first step of the search: the board after it, the value
// of its best line, and whether it turns a card up.
type candidate struct {
	s      step
	after  board
	val    int
	reveal bool
}

// ttEntry is one position's value, searched to depth steps, in search gen.
type ttEntry struct {
	key   uint64
	gen   uint32
	depth int8
	val   int32
}

// ttSize is the number of entries of the transposition table (a power of
// two).
const ttSize = 1 << 15

func newSearcher(f2c bool, budget int, w weights) *searcher {
	return &searcher{f2c: f2c, budget: budget, tt: make([]ttEntry, ttSize), w: w}
}

// maxDepth bounds the iterative deepening.
const maxDepth = 24

// best returns the first step of the best line from b and its value, or
// found false when no line ends better than b itself. skip reports
// positions the bot has already been in: a first step that leads to one
// is not played. With only set, the first step is one that only allows.
// Among first steps whose lines are worth nearly the best, one that turns
// a card up comes first: what that card is may change the plan.
func (s *searcher) best(b *board, skip func(*board) bool, only func(*board, step) bool) (step, int, bool) {
	base, ok := s.evaluate(b, skip, only)
	if !ok {
		return step{}, base, false
	}
	cands := s.cands
	n := len(cands)
	bi := -1
	for i := range n {
		if cands[i].val > base && (bi < 0 || cands[i].val > cands[bi].val) {
			bi = i
		}
	}
	if bi < 0 {
		return step{}, base, false
	}
	if !cands[bi].reveal && s.w.revealTol > 0 {
		for i := range n {
			if cands[i].reveal && cands[i].val > base && cands[i].val >= cands[bi].val-s.w.revealTol {
				return cands[i].s, cands[i].val, true
			}
		}
	}
	return cands[bi].s, cands[bi].val, true
}

// evaluate searches the first steps from b (those skip and only allow,
// as best says) and leaves them in s.cands with the values of their best
// lines; it returns the value of b itself, and ok false when there is
// no such step or the budget did not cover one depth.
func (s *searcher) evaluate(b *board, skip func(*board) bool, only func(*board, step) bool) (int, bool) {
	s.gen++
	s.nodes = 0
	s.unseen = b.unseen(s.unseen[:0])
	var buf [128]step
	steps := s.steps(b, buf[:0])
	cands := s.cands[:0]
	down := b.faceDown()
	for _, st := range steps {
		if only != nil && !only(b, st) {
			continue
		}
		c := after(b, st)
		if skip != nil && skip(&c) {
			continue
		}
		cands = append(cands, candidate{s: st, after: c, reveal: c.faceDown() < down})
	}
	s.cands = cands
	n := len(cands)
	base := s.w.value(b, s.unseen)
	if n == 0 {
		return base, false
	}
	vals := s.vals[:0]
	for range n {
		vals = append(vals, 0)
	}
	s.vals = vals
	done := false
	for depth := 1; depth <= maxDepth; depth++ {
		s.deeper = false
		for i := range n {
			vals[i] = s.search(&cands[i].after, depth-1) - stepCost(cands[i].s)
		}
		if s.nodes >= s.budget && depth > 1 {
			break // this depth was cut short: keep the last whole one
		}
		for i := range n {
			cands[i].val = vals[i]
		}
		done = true
		if s.nodes >= s.budget || !s.deeper {
			break // out of budget, or every line was searched to its end
		}
	}
	return base, done
}

// stepCost is what a step costs in the search: one for the play, and
// three quarters for each draw (or recycle) before it, so that of two
// lines worth the same the one with fewer actions wins, and a plan to
// reach a talon card gets no better when other cards are drawn past.
func stepCost(s step) int {
	return 1 + 3*int(s.draws)/4
}

// search returns the best value reachable from b within depth steps,
// less the steps' costs, so that shorter lines win ties.
func (s *searcher) search(b *board, depth int) int {
	v := s.w.value(b, s.unseen)
	if depth <= 0 {
		s.deeper = true
		return v
	}
	key := b.key()
	e := &s.tt[key&(ttSize-1)]
	if e.key == key && e.gen == s.gen && int(e.depth) >= depth {
		return int(e.val)
	}
	if s.nodes >= s.budget {
		return v
	}
	s.nodes++
	best := v
	var buf [128]step
	c := &s.stack[depth-1]
	for _, st := range s.steps(b, buf[:0]) {
		*c = after(b, st)
		if x := s.search(c, depth-1) - stepCost(st); x > best {
			best = x
		}
	}
	*e = ttEntry{key: key, gen: s.gen, depth: int8(depth), val: int32(best)}
	return best
}

// steps appends the steps worth searching from b: plays to the
// foundations, plays from the talon (now or after draws), runs that turn
// a card up, and the moves that matter only through the next one (a
// partial run, a column emptied, a card taken down from a foundation)
// when that next one is possible.
func (s *searcher) steps(b *board, buf []step) []step {
	var a avail
	a.of(b, s.f2c)
	firstEmpty := -1
	for i := range b.cols {
		if b.cols[i].n == 0 && b.cols[i].down == 0 {
			firstEmpty = i
			break
		}
	}
	if c, ok := b.wasteTop(); ok {
		if b.toFoundation(c) {
			buf = append(buf, step{m: klondike.WasteToFoundationMove()})
		}
		for d := range b.cols {
			if fits(c, &b.cols[d]) && (b.cols[d].n > 0 || d == firstEmpty) {
				buf = append(buf, step{m: klondike.WasteToColumnMove(d)})
			}
		}
	}
	for from := range b.cols {
		src := &b.cols[from]
		if src.n == 0 {
			continue
		}
		if b.toFoundation(src.top()) {
			buf = append(buf, step{m: klondike.ColumnToFoundationMove(from)})
		}
		for i := uint8(0); i < src.n; i++ {
			c := src.up[i]
			if c == unknown {
				continue
			}
			whole := i == 0
			switch {
			case whole && src.down == 0 && c.Rank() == klondike.King:
				continue // a king already at the bottom
			case whole && src.down == 0 && !a.kingWaits:
				continue // emptying a column no king could fill
			case !whole && !a.usefulAfterPartial(b, src.up[i-1], c):
				continue
			}
			for to := range b.cols {
				if to == from {
					continue
				}
				dst := &b.cols[to]
				if dst.n == 0 && to != firstEmpty {
					continue
				}
				if fits(c, dst) {
					buf = append(buf, step{m: klondike.ColumnToColumnMove(from, to, int(src.n-i))})
				}
			}
		}
	}
	if s.f2c {
		for su := range b.found {
			if b.found[su] == 0 {
				continue
			}
			c := klondike.NewCard(klondike.Rank(b.found[su]), klondike.Suit(su))
			if !a.usefulAfterFoundCol(c) {
				continue
			}
			for d := range b.cols {
				if fits(c, &b.cols[d]) && (b.cols[d].n > 0 || d == firstEmpty) {
					buf = append(buf, step{m: klondike.FoundationToColumnMove(klondike.Suit(su), d)})
				}
			}
		}
	}
	return b.talonPlays(buf)
}

// cardSet is a set of cards, one bit each.
type cardSet uint64

func (s cardSet) has(c klondike.Card) bool { return c != unknown && s&(1<<c) != 0 }
func (s *cardSet) add(c klondike.Card) {
	if c != unknown {
		*s |= 1 << c
	}
}

// avail is what of a position the move pruning asks about: the cards
// that could move now.
type avail struct {
	// up holds the face-up cards of the columns; talon the known talon
	// cards that draws (and, with unlimited passes, one recycle) can
	// bring to the waste's top, the top included; home, with
	// foundation-to-column moves, the foundations' top cards.
	up, talon, home cardSet
	// kingWaits is true when a king could fill an emptied column: face
	// up with cards under it, in reach in the talon, or (f2c) on a
	// foundation.
	kingWaits bool
}

func (a *avail) of(b *board, f2c bool) {
	for i := range b.cols {
		p := &b.cols[i]
		for j, c := range p.up[:p.n] {
			a.up.add(c)
			if c != unknown && c.Rank() == klondike.King && (j > 0 || p.down > 0) {
				a.kingWaits = true
			}
		}
	}
	a.talon = b.reach()
	for su, n := range b.found {
		if f2c && n > 0 {
			a.home.add(klondike.NewCard(klondike.Rank(n), klondike.Suit(su)))
		}
		if a.talon.has(klondike.NewCard(klondike.King, klondike.Suit(su))) || f2c && n == 13 {
			a.kingWaits = true
		}
	}
}

// movable reports whether card c could move now, with what lies on it.
func (a *avail) movable(c klondike.Card) bool { return (a.up | a.talon | a.home).has(c) }

// reach returns the known talon cards that draws (and, with unlimited
// passes, one recycle) can bring to the waste's top, the top included.
func (b *board) reach() cardSet {
	var s cardSet
	n, d := int(b.nTalon), int(max(b.draw, 1))
	if b.nWaste > 0 {
		s.add(b.talon[b.nWaste-1])
	}
	for w := int(b.nWaste); w < n; {
		w = min(w+d, n)
		s.add(b.talon[w-1])
	}
	if b.passesLeft < 0 {
		for w := 0; w < n; {
			w = min(w+d, n)
			s.add(b.talon[w-1])
		}
	}
	return s
}

// usefulAfterPartial reports whether, after the run headed by h left y
// uncovered, a move depends on it: y goes to its foundation, or another
// card that goes on y can come.
func (a *avail) usefulAfterPartial(b *board, y, h klondike.Card) bool {
	if y == unknown {
		return false
	}
	if b.toFoundation(y) {
		return true
	}
	if y.Rank() == klondike.Ace {
		return false
	}
	z1, z2 := lowerCards(y)
	return z1 != h && a.movable(z1) || z2 != h && a.movable(z2)
}

// usefulAfterFoundCol reports whether, after x came down from its
// foundation, a card from a column or the talon can go on it.
func (a *avail) usefulAfterFoundCol(x klondike.Card) bool {
	if x.Rank() == klondike.Ace {
		return false
	}
	z1, z2 := lowerCards(x)
	return (a.up | a.talon).has(z1) || (a.up | a.talon).has(z2)
}

// unseen appends the cards b does not show: face down, or in the talon
// and not yet seen.
func (b *board) unseen(buf []klondike.Card) []klondike.Card {
	var seen [klondike.NumCards]bool
	for i := range b.cols {
		p := &b.cols[i]
		for _, c := range p.up[:p.n] {
			if c != unknown {
				seen[c] = true
			}
		}
	}
	for _, c := range b.talon[:b.nTalon] {
		if c != unknown {
			seen[c] = true
		}
	}
	for su, n := range b.found {
		for r := 1; r <= int(n); r++ {
			seen[klondike.NewCard(klondike.Rank(r), klondike.Suit(su))] = true
		}
	}
	for c := range klondike.NumCards {
		if !seen[c] {
			buf = append(buf, klondike.Card(c))
		}
	}
	return buf
}
