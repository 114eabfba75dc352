package klondike

import "sync"

// DefaultStuckBudget is the number of positions Stuck explores before it
// gives up and calls the game not stuck.
const DefaultStuckBudget = 200_000

// Stuck reports whether no sequence of legal moves can reach a position
// with more cards on the foundations or fewer face-down cards than now
// (docs/RULES.md). It searches the positions reachable without such progress;
// in the rare game where that set exceeds DefaultStuckBudget positions it
// answers false. A won game is not stuck.
func (s *State) Stuck() bool {
	stuck, _ := s.StuckWithin(DefaultStuckBudget)
	return stuck
}

// StuckWithin is Stuck with a budget of positions to explore. sure is
// false when the budget ran out before the answer was known; stuck is then
// false.
//
// The search is exact; it is fast because of what cannot change without
// progress. No card reaches a foundation beyond the count at the start and
// no face-down card turns up, so every column keeps its face-down cards
// and a position is its face-up runs, the cards left of the stock and
// waste (a subset of their cyclic draw order, and where the waste ends),
// the foundations and the passes used: a key of 32 bytes. Columns without
// face-down cards are interchangeable, so their runs are keyed in sorted
// order. Two cards of one rank and colour that can never reach a
// foundation before progress are twins: what lies on one could as well lie
// on the other, so the key puts the lower card on the lower twin (see
// findTwins). Under unlimited passes every position of a cycle through the
// stock reaches every other, so they are one position, expanded with the
// waste moves of the whole cycle. Under limited passes a position with
// fewer passes used reaches all that the same board with more does, so
// only the fewest seen is explored. Positions with fewer cards taken back
// from the foundations are explored first, breadth first, so that a short
// way to progress is found before the rest of a large set.
//
// Most positions of a game in progress are settled before the search by
// progressNear, which finds a short sequence of moves to progress by
// looking at the columns and the talon only.
func (s *State) StuckWithin(budget int) (stuck, sure bool) {
	if s.Won() || s.progressNear() {
		return false, true
	}
	return s.searchStuck(budget)
}

// searchStuck is StuckWithin without progressNear: the full search.
func (s *State) searchStuck(budget int) (stuck, sure bool) {
	if s.Won() {
		return false, true
	}
	ss := searchPool.Get().(*stuckSearch)
	defer ss.release()
	ss.init(s)
	return ss.run(budget)
}

// searchPool keeps searches for reuse: most searches see a few dozen
// positions, and a new map and queues for each cost more than the search.
var searchPool = sync.Pool{New: func() any { return new(stuckSearch) }}

// maxPooledSeen is the most positions a search may have seen for its map
// to be kept for the next: clearing a map costs its capacity.
const maxPooledSeen = 4096

// release empties ss and puts it back in searchPool, keeping its map and
// queues unless the search grew them large.
func (ss *stuckSearch) release() {
	if len(ss.seen) > maxPooledSeen {
		ss.seen = nil
	} else {
		clear(ss.seen)
	}
	for d := range ss.queues {
		if cap(ss.queues[d]) > maxPooledSeen {
			ss.queues[d] = nil
		}
		ss.queues[d] = ss.queues[d][:0]
		ss.heads[d] = 0
	}
	ss.lo, ss.nTwins, ss.nTalon = 0, 0, 0
	searchPool.Put(ss)
}

// stuckKey is a position of a stuck search (see stuckSearch.node).
type stuckKey [4]uint64

// stuckNode is a position waiting in a search queue: its key and the
// passes used (0 under unlimited passes).
type stuckNode struct {
	key    stuckKey
	passes uint8
}

// stuckSearch holds what stays fixed during one search: the rules, the
// progress marks and the face-down cards, and the talon (stock and waste)
// in cyclic draw order: the waste bottom first, then the stock in the
// order it will be drawn.
type stuckSearch struct {
	root      State
	unlimited bool
	found0    int
	down0     int
	talon     [stockSize]Card
	nTalon    int
	talonIdx  [NumCards]int8 // card → index in talon, -1 if not there
	seen      map[stuckKey]uint8
	// twins lists the pairs of cards of one rank and colour that can never
	// reach a foundation in the search (see twinSwaps).
	twins  [NumCards / 2][2]Card
	nTwins int
	// queues[d] holds the positions waiting with d cards fewer on the
	// foundations than at the start. The search takes from the lowest d
	// first, so moves back from the foundations come last, and breadth
	// first within it, so that short ways to progress are found early.
	queues [NumCards + 1][]stuckNode
	heads  [NumCards + 1]int // queues[d][:heads[d]] are taken
	lo     int               // queues below lo are empty
}

func (ss *stuckSearch) init(s *State) {
	ss.root = *s
	ss.root.actions, ss.root.score = 0, 0
	ss.unlimited = s.rules.Passes == Unlimited
	ss.found0, ss.down0 = s.FoundationCards(), s.FaceDownCount()
	for i := range ss.talonIdx {
		ss.talonIdx[i] = -1
	}
	b := &s.b
	for i := uint8(0); i < b.nWaste; i++ {
		ss.addTalon(b.waste[i])
	}
	for i := int(b.nStock) - 1; i >= 0; i-- {
		ss.addTalon(b.stock[i])
	}
	ss.findTwins(s)
}

// findTwins lists the twins of the search: two cards of one rank and
// colour (7C and 7S, 7D and 7H), neither of which can reach a foundation
// before progress, because a lower card of its suit is face down (it stays
// so) or, where nothing comes back from the foundations, because it is not
// the next card of its foundation (which stays as it is).
//
// Swapping whatever lies on twins X and Y leaves a position that is the
// same for the search: a card fits on X exactly when it fits on Y, so
// every move of one position has a move of the other that ends in two
// positions again the same up to that swap, with the same foundations and
// face-down cards. Only X or Y going to a foundation would break this, and
// twins cannot. The key therefore puts the lower card on the lower twin.
func (ss *stuckSearch) findTwins(s *State) {
	var lowestDown [NumSuits]Rank
	for su := range lowestDown {
		lowestDown[su] = King + 1
	}
	for i := range s.b.cols {
		c := &s.b.cols[i]
		for _, card := range c.cards[:c.down] {
			lowestDown[card.Suit()] = min(lowestDown[card.Suit()], card.Rank())
		}
	}
	dead := func(c Card) bool {
		if c.Rank() > lowestDown[c.Suit()] {
			return true
		}
		return !s.rules.FoundationToColumn && uint8(c.Rank()) != s.b.found[c.Suit()]+1
	}
	for r := Ace; r <= King; r++ {
		for _, p := range [2][2]Suit{{Clubs, Spades}, {Diamonds, Hearts}} {
			x, y := NewCard(r, p[0]), NewCard(r, p[1])
			if dead(x) && dead(y) {
				ss.twins[ss.nTwins] = [2]Card{x, y}
				ss.nTwins++
			}
		}
	}
}

func (ss *stuckSearch) addTalon(c Card) {
	ss.talonIdx[c] = int8(ss.nTalon)
	ss.talon[ss.nTalon] = c
	ss.nTalon++
}

func (ss *stuckSearch) run(budget int) (stuck, sure bool) {
	if ss.seen == nil {
		ss.seen = make(map[stuckKey]uint8)
	}
	root := ss.node(&ss.root)
	ss.seen[root.key] = root.passes
	ss.push(root, 0)
	var buf [64]Move
	var cur State
	for {
		n, ok := ss.pop()
		if !ok {
			break
		}
		ss.decode(n, &cur)
		macro := ss.unlimited && cur.b.nWaste == 0
		for _, m := range cur.Moves(buf[:0]) {
			if macro && (m.Kind == Draw || m.Kind == Recycle) {
				continue
			}
			if done, res := ss.visit(&cur, m, budget); done {
				return false, res
			}
		}
		if !macro {
			continue
		}
		// One cycle through the stock: each waste top it shows.
		t := cur
		for t.b.nStock > 0 {
			t.Apply(Move{Kind: Draw})
			c := t.b.waste[t.b.nWaste-1]
			if uint8(c.Rank()) == t.b.found[c.Suit()]+1 {
				return false, true // W-F is progress
			}
			for d := uint8(0); d < NumColumns; d++ {
				if !fits(c, &t.b.cols[d]) {
					continue
				}
				if done, res := ss.visit(&t, Move{Kind: WasteToColumn, To: d}, budget); done {
					return false, res
				}
			}
		}
	}
	return true, true
}

// visit applies the legal move m to a copy of s. done reports the end of
// the search: progress was made (sure) or the budget ran out (not sure).
func (ss *stuckSearch) visit(s *State, m Move, budget int) (done, sure bool) {
	next := *s
	next.Apply(m)
	b := &next.b
	if int(b.found[0])+int(b.found[1])+int(b.found[2])+int(b.found[3]) > ss.found0 {
		return true, true
	}
	down := 0
	for i := range b.cols {
		down += int(b.cols[i].down)
	}
	if down < ss.down0 {
		return true, true
	}
	n := ss.node(&next)
	if p, ok := ss.seen[n.key]; ok {
		if p <= n.passes {
			return false, false
		}
	} else if len(ss.seen) >= budget {
		return true, false
	}
	ss.seen[n.key] = n.passes
	ss.push(n, ss.found0-int(b.found[0])-int(b.found[1])-int(b.found[2])-int(b.found[3]))
	return false, false
}

// push queues n among the positions d cards short of the start's
// foundations.
func (ss *stuckSearch) push(n stuckNode, d int) {
	ss.queues[d] = append(ss.queues[d], n)
	ss.lo = min(ss.lo, d)
}

// pop takes the first position queued of those with the fewest cards
// taken from the foundations.
func (ss *stuckSearch) pop() (stuckNode, bool) {
	for ; ss.lo < len(ss.queues); ss.lo++ {
		if h := ss.heads[ss.lo]; h < len(ss.queues[ss.lo]) {
			ss.heads[ss.lo]++
			return ss.queues[ss.lo][h], true
		}
	}
	return stuckNode{}, false
}

// node encodes s. The key holds, 22 bits a column, each column's face-up
// run (its highest card, its length, and for each card under it which of
// the two suits of its colour it has), the columns without face-down cards
// sorted; then which talon cards are left (24 bits), how many of them are
// on the waste (5 bits; 0 for any position of the stock's cycle under
// unlimited passes) and the foundations (4 × 4 bits).
func (ss *stuckSearch) node(s *State) stuckNode {
	b := &s.b
	var codes [NumColumns]uint32
	if ss.nTwins > 0 {
		ss.twinCodes(b, &codes)
	} else {
		for i := range b.cols {
			codes[i] = runCode(&b.cols[i])
		}
	}
	var free [NumColumns]uint32 // codes of columns without face-down cards
	nFree := 0
	for i := range b.cols {
		if b.cols[i].down == 0 {
			free[nFree] = codes[i]
			nFree++
		}
	}
	for i := 1; i < nFree; i++ { // insertion sort, descending
		for j := i; j > 0 && free[j] > free[j-1]; j-- {
			free[j], free[j-1] = free[j-1], free[j]
		}
	}
	k := 0
	for i := range b.cols {
		if b.cols[i].down == 0 {
			codes[i] = free[k]
			k++
		}
	}
	var mask uint32
	for i := uint8(0); i < b.nWaste; i++ {
		mask |= 1 << ss.talonIdx[b.waste[i]]
	}
	for i := uint8(0); i < b.nStock; i++ {
		mask |= 1 << ss.talonIdx[b.stock[i]]
	}
	w := uint64(b.nWaste)
	passes := b.passes
	if ss.unlimited {
		passes = 0
		left := uint64(b.nWaste) + uint64(b.nStock)
		if w == left || w%uint64(s.rules.Draw) == 0 {
			w = 0 // on the cycle through the stock
		}
	}
	var key stuckKey
	key[0] = uint64(codes[0]) | uint64(codes[1])<<22 | uint64(codes[2]&0xFFFFF)<<44
	key[1] = uint64(codes[2]>>20) | uint64(codes[3])<<2 | uint64(codes[4])<<24 | uint64(codes[5]&0x3FFFF)<<46
	key[2] = uint64(codes[5]>>18) | uint64(codes[6])<<4 | uint64(mask)<<26 | w<<50
	key[3] = uint64(b.found[0]) | uint64(b.found[1])<<4 | uint64(b.found[2])<<8 | uint64(b.found[3])<<12
	return stuckNode{key: key, passes: passes}
}

// twinCodes sets codes to the runCode of each column after the swaps of
// findTwins: of two twins both face up, the lower card holds the lower of
// the two cards lying on them (none counting highest).
func (ss *stuckSearch) twinCodes(b *board, codes *[NumColumns]uint32) {
	const none = 0xFF
	var on [NumCards]uint8 // the card lying on a face-up card, or none
	var up [NumCards]bool
	for i := range b.cols {
		c := &b.cols[i]
		for j := c.down; j < c.n; j++ {
			up[c.cards[j]] = true
			on[c.cards[j]] = none
			if j+1 < c.n {
				on[c.cards[j]] = uint8(c.cards[j+1])
			}
		}
	}
	for _, t := range ss.twins[:ss.nTwins] {
		x, y := t[0], t[1]
		if up[x] && up[y] && on[x] > on[y] {
			on[x], on[y] = on[y], on[x]
		}
	}
	for i := range b.cols {
		c := &b.cols[i]
		if c.n == c.down {
			codes[i] = 0
			continue
		}
		base := c.cards[c.down]
		code := uint32(base) + 1
		n := uint32(0)
		for card := on[base]; card != none; card = on[card] {
			if su := Card(card).Suit(); su == Hearts || su == Spades {
				code |= 1 << (10 + n)
			}
			n++
		}
		codes[i] = code | n<<6
	}
}

// runCode encodes a column's face-up run in 22 bits, 0 for none: bits 0–5
// the highest card + 1, bits 6–9 the length − 1, bit 10+i set when card i
// below the highest is spades or hearts (the second suit of its colour).
func runCode(c *column) uint32 {
	if c.n == c.down {
		return 0
	}
	code := uint32(c.cards[c.down]) + 1 | uint32(c.n-c.down-1)<<6
	for i := c.down + 1; i < c.n; i++ {
		if su := c.cards[i].Suit(); su == Hearts || su == Spades {
			code |= 1 << (10 + i - c.down - 1)
		}
	}
	return code
}

// decode rebuilds into s the position of n: the face-down cards of the
// root, the runs, talon and foundations of the key. Columns without
// face-down cards may come back in another order.
func (ss *stuckSearch) decode(n stuckNode, s *State) {
	*s = ss.root
	b := &s.b
	k := &n.key
	codes := [NumColumns]uint32{
		uint32(k[0]) & 0x3FFFFF,
		uint32(k[0]>>22) & 0x3FFFFF,
		uint32(k[0]>>44)&0xFFFFF | uint32(k[1]&3)<<20,
		uint32(k[1]>>2) & 0x3FFFFF,
		uint32(k[1]>>24) & 0x3FFFFF,
		uint32(k[1]>>46)&0x3FFFF | uint32(k[2]&0xF)<<18,
		uint32(k[2]>>4) & 0x3FFFFF,
	}
	for i := range b.cols {
		c := &b.cols[i]
		c.n = c.down
		code := codes[i]
		if code == 0 {
			continue
		}
		card := Card(code&63 - 1)
		c.cards[c.n] = card
		c.n++
		for j := uint32(0); j < code>>6&15; j++ {
			// One rank lower, the other colour: clubs/spades under a red
			// card, diamonds/hearts under a black one.
			su := Clubs
			if card.Red() {
				if code>>(10+j)&1 != 0 {
					su = Spades
				}
			} else {
				su = Diamonds
				if code>>(10+j)&1 != 0 {
					su = Hearts
				}
			}
			card = NewCard(card.Rank()-1, su)
			c.cards[c.n] = card
			c.n++
		}
	}
	mask := uint32(k[2]>>26) & 0xFFFFFF
	w := int(k[2]>>50) & 31
	b.nWaste, b.nStock = 0, 0
	var rest [stockSize]Card
	nRest := 0
	for i := 0; i < ss.nTalon; i++ {
		if mask&(1<<i) == 0 {
			continue
		}
		if int(b.nWaste) < w {
			b.waste[b.nWaste] = ss.talon[i]
			b.nWaste++
		} else {
			rest[nRest] = ss.talon[i]
			nRest++
		}
	}
	for i := 0; i < nRest; i++ {
		b.stock[nRest-1-i] = rest[i]
	}
	b.nStock = uint8(nRest)
	for su := range b.found {
		b.found[su] = uint8(k[3] >> (4 * su) & 15)
	}
	b.passes = n.passes
	if ss.unlimited {
		b.passes = 1
	}
}
