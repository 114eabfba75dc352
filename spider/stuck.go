package spider

import "bytes"

// DefaultStuckBudget is the number of positions Stuck explores before it
// gives up and calls the game not stuck.
const DefaultStuckBudget = 100_000

// Stuck reports whether no sequence of legal moves can reach a position
// with more completed runs, fewer face-down cards, or a legal deal (a
// deal is progress: new cards). It searches the positions reachable
// without such progress; in a game where that set exceeds
// DefaultStuckBudget positions it answers false. A won game is not stuck.
func (s *State) Stuck() bool {
	stuck, _ := s.StuckWithin(DefaultStuckBudget)
	return stuck
}

// StuckWithin is Stuck with a budget of positions to explore. sure is
// false when the budget ran out before the answer was known; stuck is then
// false.
//
// The search is exact. It takes first the positions where some column has
// the fewest face-up cards over its face-down ones, breadth first among
// equals, so that a way to turn a card up is found early. Without progress no face-down card turns up, no run is
// completed and no deal happens, so the face-down cards, the stock and
// the completed runs stay as they are, and a position is the face-up
// cards of its columns: its key lists them column by column. Columns with
// no face-down card are interchangeable (a move between two of them means
// the same whatever their places), so the key lists those in sorted order
// after the others, which stay in place; cards whose suit cannot matter
// are written by rank alone (see deadSuits). A move is checked for progress
// before its position is built: it turns a card up when it takes all the
// face-up cards of a column with face-down ones, completes a run when it
// puts an ace-topped group on a column that then ends in K … A of one
// suit, and allows a deal when the stock is not empty and it leaves no
// column empty.
func (s *State) StuckWithin(budget int) (stuck, sure bool) {
	if s.Won() || s.Legal(DealMove()) {
		return false, true
	}
	ss := stuckSearch{oneSuit: s.rules.Groups == Standard, stock: s.b.nStock > 0}
	for i := range s.b.cols {
		c := &s.b.cols[i]
		ss.down[i] = c.down
		if c.down > 0 {
			ss.order[ss.nFixed] = uint8(i)
			ss.nFixed++
		}
	}
	n := ss.nFixed
	for i := range s.b.cols {
		if s.b.cols[i].down == 0 {
			ss.order[n] = uint8(i)
			n++
		}
	}
	dead := s.deadSuits()
	var cols [NumColumns][]byte
	for i := range s.b.cols {
		c := &s.b.cols[i]
		for _, card := range c.cards[c.down:c.n] {
			b := byte(card)
			if dead[card.Suit()] {
				b = byte(deckSize) + byte(card.Rank()-1)
			}
			cols[i] = append(cols[i], b)
		}
	}
	return ss.run(ss.key(&cols, nil), budget)
}

// deadSuits reports, under the Permissive group rule, the suits that
// cannot complete a run before progress: some rank of the suit has no
// face-up card, and face-up cards change only with progress. A card's suit
// then matters for nothing in the search (groups and targets go by rank),
// so the search writes cards of dead suits as their rank alone: byte 52 +
// rank-1, whose Rank is right and whose Suit (4) is no suit, and positions
// that differ only in them are one. Under Standard rules suits make
// groups, and none is dead.
func (s *State) deadSuits() (dead [NumSuits + 1]bool) {
	if s.rules.Groups != Permissive {
		return dead
	}
	var up [deckSize]bool
	for i := range s.b.cols {
		c := &s.b.cols[i]
		for _, card := range c.cards[c.down:c.n] {
			up[card] = true
		}
	}
	for su := Suit(0); su < NumSuits; su++ {
		for r := Ace; r <= King; r++ {
			if !up[NewCard(r, su)] {
				dead[su] = true
				break
			}
		}
	}
	return dead
}

// stuckSearch holds what stays fixed during one search.
type stuckSearch struct {
	oneSuit bool // the Standard group rule
	stock   bool // the stock is not empty: a deal is legal once no column is
	// down is the number of face-down cards of each column.
	down [NumColumns]uint8
	// order lists the columns with face-down cards, then the others (the
	// free columns): the order of the key.
	order  [NumColumns]uint8
	nFixed int
	buf    []byte
}

const keyEnd = 0xFF // ends a column in a key

// key returns the key of the position whose face-up cards are cols,
// appended to dst.
func (ss *stuckSearch) key(cols *[NumColumns][]byte, dst []byte) []byte {
	for _, c := range ss.order[:ss.nFixed] {
		dst = append(dst, cols[c]...)
		dst = append(dst, keyEnd)
	}
	var free [NumColumns][]byte
	nf := 0
	for _, c := range ss.order[ss.nFixed:] {
		col := cols[c]
		j := nf
		for j > 0 && bytes.Compare(free[j-1], col) > 0 {
			free[j] = free[j-1]
			j--
		}
		free[j] = col
		nf++
	}
	for _, col := range free[:nf] {
		dst = append(dst, col...)
		dst = append(dst, keyEnd)
	}
	return dst
}

// decode splits a key into the face-up cards of each column, sharing its
// bytes.
func (ss *stuckSearch) decode(k string, cols *[NumColumns][]byte) {
	b := []byte(k)
	for _, c := range ss.order {
		i := bytes.IndexByte(b, keyEnd)
		cols[c] = b[:i:i]
		b = b[i+1:]
	}
}

func (ss *stuckSearch) run(root []byte, budget int) (stuck, sure bool) {
	seen := map[string]struct{}{string(root): {}}
	// queues[h] holds the positions waiting whose closest column with
	// face-down cards has h face-up cards on them (see distance): the
	// search takes the lowest h first, and first in first out within it.
	var queues [NumCards + 1][]string
	lowest := 0
	queues[0] = append(queues[0], string(root))
	var cols, next [NumColumns][]byte
	var moved []byte
	for {
		for lowest <= NumCards && len(queues[lowest]) == 0 {
			lowest++
		}
		if lowest > NumCards {
			break
		}
		ss.decode(queues[lowest][0], &cols)
		queues[lowest] = queues[lowest][1:]
		empty := 0
		for _, c := range cols {
			if len(c) == 0 {
				empty++
			}
		}
		for from := range NumColumns {
			src := cols[from]
			k := ss.groupLen(src)
			if k == 0 {
				continue
			}
			r := Card(src[len(src)-1]).Rank()
			for to := range NumColumns {
				dst := cols[to]
				if to == from {
					continue
				}
				lo, hi := 1, 0 // the counts n that fit on dst
				if len(dst) == 0 {
					hi = k
				} else if t := Card(dst[len(dst)-1]).Rank(); t > r && int(t-r) <= k {
					lo, hi = int(t-r), int(t-r)
				}
				for n := lo; n <= hi; n++ {
					if n == len(src) && ss.down[from] > 0 {
						return false, true // turns a card up
					}
					if r == Ace && len(dst)+n >= 13 && completes(dst, src[len(src)-n:]) {
						return false, true
					}
					emptyAfter := empty
					if len(dst) == 0 {
						emptyAfter--
					}
					if n == len(src) {
						emptyAfter++
					}
					if ss.stock && emptyAfter == 0 {
						return false, true // a deal is legal
					}
					next = cols
					next[from] = src[:len(src)-n]
					moved = append(append(moved[:0], dst...), src[len(src)-n:]...)
					next[to] = moved
					ss.buf = ss.key(&next, ss.buf[:0])
					if _, ok := seen[string(ss.buf)]; ok {
						continue
					}
					if len(seen) >= budget {
						return false, false
					}
					key := string(ss.buf)
					seen[key] = struct{}{}
					h := ss.distance(&next)
					queues[h] = append(queues[h], key)
					lowest = min(lowest, h)
				}
			}
		}
	}
	return true, true
}

// distance returns the fewest face-up cards lying on the face-down cards
// of a column, or 0 when no column has face-down cards: a guess of how far
// the position is from turning a card up, which orders the search.
func (ss *stuckSearch) distance(cols *[NumColumns][]byte) int {
	h := 0
	for _, c := range ss.order[:ss.nFixed] {
		if n := len(cols[c]); h == 0 || n < h {
			h = n
		}
	}
	return h
}

// groupLen returns how many cards on top of the face-up cards up move as
// a group (see State.groupLen).
func (ss *stuckSearch) groupLen(up []byte) int {
	if len(up) == 0 {
		return 0
	}
	k := 1
	for i := len(up) - 1; i > 0 && k < maxGroup; i-- {
		lo, hi := Card(up[i]), Card(up[i-1])
		if hi.Rank() != lo.Rank()+1 || ss.oneSuit && hi.Suit() != lo.Suit() {
			break
		}
		k++
	}
	return k
}

// completes reports whether group (ending in an ace) put on the face-up
// cards dst leaves K … A of one suit on top.
func completes(dst, group []byte) bool {
	su := Card(group[len(group)-1]).Suit()
	if su >= NumSuits {
		return false // a dead suit (see deadSuits)
	}
	for i := range 13 {
		var c Card
		if j := len(group) - 1 - i; j >= 0 {
			c = Card(group[j])
		} else {
			c = Card(dst[len(dst)+j])
		}
		if c.Suit() != su || c.Rank() != Rank(i+1) {
			return false
		}
	}
	return true
}
