package bot

import "github.com/solitaire-race/racer/spider"

// spiderProgressNodes bounds the Spider bot's search for progress: five
// times a race's stuck detection, since late in a game, with every card
// face up, the way to complete a run is often long (the search runs only
// when the bot sees nothing else worth playing).
const spiderProgressNodes = 100_000

// spiderProgress returns a shortest way from b to progress as a race's
// stuck detection counts it (docs/RULES.md): a card turned up, a run
// completed, or a deal made legal (cards in the stock and no column
// empty). It searches breadth first over the column moves, at most
// budget positions, and returns nil when it sees no way. Each way ends
// in something that cannot be undone, so following it never goes round
// in circles. Empty columns are all alike: it moves cards only to the
// first, and counts positions that differ only in the columns' order as
// one.
func spiderProgress(b *spiderBoard, budget int) []spider.Move {
	type node struct {
		b      spiderBoard
		m      spider.Move
		parent int
	}
	seen := map[uint64]struct{}{b.shapeKey(): {}}
	queue := []node{{b: *b, parent: -1}}
	var buf []spider.Move
	for i := 0; i < len(queue) && len(seen) < budget; i++ {
		n := &queue[i]
		firstEmpty := -1
		for j := range n.b.cols {
			if n.b.cols[j].empty() {
				firstEmpty = j
				break
			}
		}
		buf = n.b.columnMoves(buf[:0])
		for _, m := range buf {
			if n.b.cols[m.To()].empty() && m.To() != firstEmpty {
				continue
			}
			c := n.b.after(m)
			turned, completed := c.apply(m)
			if turned || completed > 0 || c.canDeal() {
				way := []spider.Move{m}
				for j := i; queue[j].parent >= 0; j = queue[j].parent {
					way = append(way, queue[j].m)
				}
				for l, r := 0, len(way)-1; l < r; l, r = l+1, r-1 {
					way[l], way[r] = way[r], way[l]
				}
				return way
			}
			k := c.shapeKey()
			if _, ok := seen[k]; ok {
				continue
			}
			seen[k] = struct{}{}
			queue = append(queue, node{b: c, m: m, parent: i})
			n = &queue[i] // the append may have moved the queue
		}
	}
	return nil
}

// shapeKey hashes the position up to the order of its columns: the
// columns' own hashes are summed.
func (b *spiderBoard) shapeKey() uint64 {
	h := mix(uint64(b.stock)<<8 | uint64(b.done))
	var buf [2 + 2*spider.NumCards]byte
	for i := range b.cols {
		c := &b.cols[i]
		buf[0], buf[1] = byte(c.down), byte(len(c.up))
		k := 2
		for _, card := range c.up {
			buf[k] = byte(card)
			k++
		}
		h += mix(hashBytes(buf[:k]))
	}
	return h
}

// hashBytes is a fixed 64-bit hash: each 8 bytes mixed in by multiply
// and shift (the finalizer of SplitMix64).
func hashBytes(p []byte) uint64 {
	h := uint64(len(p)) * 0x9e3779b97f4a7c15
	for len(p) > 0 {
		var w uint64
		for i := 0; i < 8 && i < len(p); i++ {
			w |= uint64(p[i]) << (8 * i)
		}
		p = p[min(8, len(p)):]
		h = mix(h ^ w)
	}
	return h
}

// mix is SplitMix64's finalizer: it spreads z's bits over the result.
func mix(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
