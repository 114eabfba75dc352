package solver

import "github.com/solitaire-race/racer/spider"

// maxColumn is the room of a column: every card, so that no argument
// about how long a column can grow is needed for safety.
const maxColumn = spider.NumCards

// stockSize is the stock's size at the start: 50 cards, five deals.
const stockSize = 50

// column is one table column, bottom card first; the first down cards
// are face down.
type column struct {
	cards [maxColumn]spider.Card
	n     uint8
	down  uint8
}

func (c *column) top() spider.Card { return c.cards[c.n-1] }

// pos is the solver's position, changed in place by apply and restored
// by undo. The stock is kept whole; the next deal takes
// stock[stockSize-nStock:][:10].
type pos struct {
	cols     [spider.NumColumns]column
	colHash  [spider.NumColumns]uint64 // hash of each column's contents
	stock    [stockSize]spider.Card
	nStock   uint8
	done     uint8 // completed runs
	standard bool  // only one-suit runs move as a group
}

// Tables of each card's rank and suit: faster than dividing. Indexed by
// the engine's card value (0 … 51).
var (
	rankOf [256]uint8
	suitOf [256]uint8
)

func init() {
	for c := range spider.Card(52) {
		rankOf[c] = uint8(c.Rank())
		suitOf[c] = uint8(c.Suit())
	}
}

func rank(c spider.Card) uint8 { return rankOf[c] }
func suit(c spider.Card) uint8 { return suitOf[c] }

// fromState builds the solver's position from an engine state.
func fromState(s *spider.State) pos {
	var p pos
	p.standard = s.Rules().Groups == spider.Standard
	for i := range spider.NumColumns {
		col := &p.cols[i]
		for _, c := range s.Column(i) {
			col.cards[col.n] = c
			col.n++
		}
		col.down = uint8(s.FaceDown(i))
		p.colHash[i] = hashColumn(col)
	}
	st := s.Stock()
	copy(p.stock[stockSize-len(st):], st)
	p.nStock = uint8(len(st))
	p.done = uint8(s.Completed())
	return p
}

// mv is a solver move: a column move or the deal.
type mv struct {
	from, to, n uint8
	deal        bool
	score       int16 // ordering: higher first
}

// undo is what undoing a move needs beyond the move itself.
type undo struct {
	m        mv
	flipFrom bool   // the source's new top card was turned up
	compMask uint16 // columns where a run was completed
	flipMask uint16 // columns whose top card was turned up after a completion
	compSuit [spider.NumColumns]uint8
}

// groupLen returns how many cards on top of col move as a group.
func (p *pos) groupLen(col *column) uint8 {
	if col.n == 0 {
		return 0
	}
	k := uint8(1)
	for i := col.n - 1; i > col.down && k < 13; i-- {
		lo, hi := col.cards[i], col.cards[i-1]
		if rank(hi) != rank(lo)+1 || p.standard && suit(hi) != suit(lo) {
			break
		}
		k++
	}
	return k
}

// apply plays m, which must be legal, and returns what undo needs.
func (p *pos) apply(m mv) undo {
	u := undo{m: m}
	if m.deal {
		next := stockSize - int(p.nStock)
		for i := range p.cols {
			col := &p.cols[i]
			col.cards[col.n] = p.stock[next+i]
			col.n++
		}
		p.nStock -= spider.NumColumns
		for i := range p.cols {
			if su, ok := p.complete(&p.cols[i]); ok {
				u.compMask |= 1 << i
				u.compSuit[i] = su
				if turnUp(&p.cols[i]) {
					u.flipMask |= 1 << i
				}
			}
			p.colHash[i] = hashColumn(&p.cols[i])
		}
		return u
	}
	src, dst := &p.cols[m.from], &p.cols[m.to]
	first := src.n - m.n
	copy(dst.cards[dst.n:], src.cards[first:src.n])
	dst.n += m.n
	src.n = first
	u.flipFrom = turnUp(src)
	if su, ok := p.complete(dst); ok {
		u.compMask = 1 << m.to
		u.compSuit[m.to] = su
		if turnUp(dst) {
			u.flipMask = 1 << m.to
		}
	}
	p.colHash[m.from] = hashColumn(src)
	p.colHash[m.to] = hashColumn(dst)
	return u
}

// undo takes back the move u records.
func (p *pos) undo(u *undo) {
	m := u.m
	if m.deal {
		for i := range p.cols {
			col := &p.cols[i]
			if u.compMask&(1<<i) != 0 {
				p.restoreRun(col, u.compSuit[i], u.flipMask&(1<<i) != 0)
			}
			col.n--
			p.colHash[i] = hashColumn(col)
		}
		p.nStock += spider.NumColumns
		return
	}
	src, dst := &p.cols[m.from], &p.cols[m.to]
	if u.compMask != 0 {
		p.restoreRun(dst, u.compSuit[m.to], u.flipMask != 0)
	}
	if u.flipFrom {
		src.down++
	}
	dst.n -= m.n
	copy(src.cards[src.n:], dst.cards[dst.n:dst.n+m.n])
	src.n += m.n
	p.colHash[m.from] = hashColumn(src)
	p.colHash[m.to] = hashColumn(dst)
}

// restoreRun puts back on col the run of suit su that a move completed,
// and turns down the card under it when the completion had turned it up.
func (p *pos) restoreRun(col *column, su uint8, flipped bool) {
	if flipped {
		col.down++
	}
	for r := spider.King; r >= spider.Ace; r-- {
		col.cards[col.n] = spider.NewCard(r, spider.Suit(su))
		col.n++
	}
	p.done--
}

// turnUp turns up the card left on top of col, if it is face down, and
// reports whether it did.
func turnUp(col *column) bool {
	if col.n > 0 && col.down == col.n {
		col.down--
		return true
	}
	return false
}

// complete removes a run from K down to A of one suit lying face up on
// col's top, if there is one, and returns its suit. (The engine checks
// again after a removal; the card then on top was under a run that could
// not be completed before, so there is never a second run.)
func (p *pos) complete(col *column) (uint8, bool) {
	if col.n < 13 || col.n-col.down < 13 || rank(col.top()) != 1 {
		return 0, false
	}
	su := suit(col.top())
	base := col.n - 13
	for i := base; i < col.n; i++ {
		if c := col.cards[i]; suit(c) != su || rank(c) != uint8(13-(i-base)) {
			return 0, false
		}
	}
	col.n = base
	p.done++
	return su, true
}

// hashColumn hashes a column's cards and how many are face down.
func hashColumn(col *column) uint64 {
	h := uint64(0xcbf29ce484222325) ^ uint64(col.down)<<8 ^ uint64(col.n)
	for _, c := range col.cards[:col.n] {
		h ^= uint64(c) + 1
		h *= 0x100000001b3
	}
	return mix(h)
}

// mix is SplitMix64's finalizer: a bijection that spreads every input bit.
func mix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// key returns the position's transposition-table key. While the stock
// holds cards, each deal gives its card to one column, so the columns are
// told apart by their place; once it is empty the columns are
// interchangeable and the key is that of their multiset.
func (p *pos) key() uint64 {
	var k uint64
	if p.nStock > 0 {
		for i, h := range p.colHash {
			k += mix(h + uint64(i+1)*0x9E3779B97F4A7C15)
		}
	} else {
		for _, h := range p.colHash {
			k += mix(h)
		}
	}
	return mix(k ^ uint64(p.nStock)<<56)
}

// won reports whether all eight runs are completed.
func (p *pos) won() bool { return p.done == spider.NumRuns }
