package bot

import (
	"hash/maphash"

	"github.com/solitaire-race/racer/spider"
)

// spiderCol is one Spider column as the bot sees it: down face-down cards
// under the face-up cards up, bottom first.
type spiderCol struct {
	down int
	up   []spider.Card
}

// spiderBoard is a Spider position as a View shows it: face-up cards and
// counts only. A move that turns a card up leaves the column with no
// face-up card on top of its face-down ones (the bot cannot know the
// card); such a board is only looked at, never played on further.
type spiderBoard struct {
	cols   [spider.NumColumns]spiderCol
	stock  int
	done   int
	groups spider.GroupRule
}

// spiderFromView copies v into a board played under groups.
func spiderFromView(v *spider.View, groups spider.GroupRule) spiderBoard {
	b := spiderBoard{stock: v.Stock, done: v.Completed, groups: groups}
	for i, c := range v.Columns {
		b.cols[i] = spiderCol{down: c.Down, up: append([]spider.Card(nil), c.Up...)}
	}
	return b
}

func (c *spiderCol) empty() bool { return c.down == 0 && len(c.up) == 0 }

// groupLen returns how many face-up cards on top of c move together under
// the group rule (at most 13).
func (b *spiderBoard) groupLen(c *spiderCol) int {
	if len(c.up) == 0 {
		return 0
	}
	k := 1
	for i := len(c.up) - 1; i > 0 && k < 13; i-- {
		lo, hi := c.up[i], c.up[i-1]
		if hi.Rank() != lo.Rank()+1 || b.groups == spider.Standard && hi.Suit() != lo.Suit() {
			break
		}
		k++
	}
	return k
}

// canDeal reports whether D is legal: cards in the stock and no empty
// column.
func (b *spiderBoard) canDeal() bool {
	if b.stock == 0 {
		return false
	}
	for i := range b.cols {
		if b.cols[i].empty() {
			return false
		}
	}
	return true
}

// columnMoves appends the legal column moves, in the engine's order (by
// source, destination and count). The columns of a board must all show
// their top card (no card left to turn up).
func (b *spiderBoard) columnMoves(dst []spider.Move) []spider.Move {
	for from := range b.cols {
		src := &b.cols[from]
		k := b.groupLen(src)
		if k == 0 {
			continue
		}
		r := src.up[len(src.up)-1].Rank()
		for to := range b.cols {
			if to == from {
				continue
			}
			d := &b.cols[to]
			if d.empty() {
				for n := 1; n <= k; n++ {
					dst = append(dst, spider.ColumnMove(from, to, n))
				}
			} else if len(d.up) > 0 {
				if t := d.up[len(d.up)-1].Rank(); t > r && int(t-r) <= k {
					dst = append(dst, spider.ColumnMove(from, to, int(t-r)))
				}
			}
		}
	}
	return dst
}

// moves appends every legal move: D first when legal, then the column
// moves.
func (b *spiderBoard) moves(dst []spider.Move) []spider.Move {
	if b.done == spider.NumRuns {
		return dst
	}
	if b.canDeal() {
		dst = append(dst, spider.DealMove())
	}
	return b.columnMoves(dst)
}

// after returns a copy of b for playing the column move m on: only m's
// destination gets cards of its own, the other columns share b's (apply
// never writes to them: it clips the source).
func (b *spiderBoard) after(m spider.Move) spiderBoard {
	c := *b
	d := b.cols[m.To()].up
	c.cols[m.To()].up = append(make([]spider.Card, 0, len(d)+m.N()), d...)
	return c
}

// apply plays the legal column move m on b (a board from b.after(m)):
// the group moves, runs of K to
// A of one suit on the destination are removed. It reports whether a card
// was uncovered face down (the source's up cards are then empty over
// face-down ones) and how many runs were completed.
func (b *spiderBoard) apply(m spider.Move) (turned bool, completed int) {
	src, dst := &b.cols[m.From()], &b.cols[m.To()]
	first := len(src.up) - m.N()
	dst.up = append(dst.up, src.up[first:]...)
	src.up = src.up[:first:first]
	turned = first == 0 && src.down > 0
	for len(dst.up) >= 13 && dst.up[len(dst.up)-1].Rank() == spider.Ace {
		base := len(dst.up) - 13
		su := dst.up[base].Suit()
		ok := true
		for i := base; i < len(dst.up); i++ {
			if c := dst.up[i]; c.Suit() != su || c.Rank() != spider.Rank(13-(i-base)) {
				ok = false
				break
			}
		}
		if !ok {
			break
		}
		dst.up = dst.up[:base]
		completed++
		b.done++
		if len(dst.up) == 0 && dst.down > 0 {
			turned = true
			break
		}
	}
	return turned, completed
}

// suitRun returns the length of the one-suit run descending by one rank
// on top of c.
func suitRun(c *spiderCol) int {
	if len(c.up) == 0 {
		return 0
	}
	k := 1
	for i := len(c.up) - 1; i > 0; i-- {
		lo, hi := c.up[i], c.up[i-1]
		if hi.Rank() != lo.Rank()+1 || hi.Suit() != lo.Suit() {
			break
		}
		k++
	}
	return k
}

// The kinds of useful move, in the order the bot prefers them (docs/RULES.md's
// hint's order).
const (
	spiderOther     = 1 << 8  // empties a column or joins a run it did not lie on
	spiderSameSuit  = 2 << 8  // puts a group on a card of its suit, newly
	spiderTurnUp    = 4 << 8  // turns a card face up
	spiderCompletes = 16 << 8 // completes a run
)

// score rates the legal column move m as the hint does: 0 when it helps
// nothing (a shuffle), else its kind plus the length of the one-suit run
// it leaves on top of the destination. It returns the board after m and
// whether m turned a card up.
func (b *spiderBoard) score(m spider.Move) (int, spiderBoard, bool) {
	src, dst := &b.cols[m.From()], &b.cols[m.To()]
	first := len(src.up) - m.N()
	c := src.up[first]
	onRun := first > 0 && src.up[first-1].Rank() == c.Rank()+1
	onSuit := onRun && src.up[first-1].Suit() == c.Suit()
	dstEmpty := dst.empty()
	var dstTop spider.Card
	if !dstEmpty {
		dstTop = dst.up[len(dst.up)-1]
	}
	after := b.after(m)
	turned, completed := after.apply(m)
	s := 0
	switch {
	case completed > 0:
		s = spiderCompletes
	case turned:
		s = spiderTurnUp
	case dstEmpty:
		return 0, after, false
	case dstTop.Suit() == c.Suit() && !onSuit:
		s = spiderSameSuit
	case first == 0 && src.down == 0 || !onRun:
		s = spiderOther
	default:
		return 0, after, false
	}
	return s + suitRun(&after.cols[m.To()]), after, turned
}

var spiderSeed = maphash.MakeSeed()

// key hashes the position (face-up cards, face-down counts and the
// stock's size).
func (b *spiderBoard) key() uint64 {
	var h maphash.Hash
	h.SetSeed(spiderSeed)
	var buf [8]byte
	buf[0], buf[1] = byte(b.stock), byte(b.done)
	_, _ = h.Write(buf[:2])
	for i := range b.cols {
		c := &b.cols[i]
		buf[0] = byte(c.down)
		buf[1] = byte(len(c.up))
		_, _ = h.Write(buf[:2])
		for _, card := range c.up {
			_ = h.WriteByte(byte(card))
		}
	}
	return h.Sum64()
}

// downCards returns the number of face-down cards on the table.
func (b *spiderBoard) downCards() int {
	n := 0
	for i := range b.cols {
		n += b.cols[i].down
	}
	return n
}
