package solver

import "github.com/solitaire-race/racer/klondike"

// Kinds of solver moves. A talon move is a macro move: draw (and recycle,
// if need be) until card is the waste's top, then play it.
const (
	mColFound uint8 = iota + 1
	mColCol
	mTalonFound
	mTalonCol
	mFoundCol
	mTwinHome // the run on card moves onto its bare twin (column to), then card goes home
)

// mv is one solver move. card is the card moved (the first card of a run).
type mv struct {
	kind uint8
	from uint8 // column, talon index or suit
	to   uint8
	n    uint8
	card klondike.Card
	prio uint8 // ordering: lower is tried first (the pr constants; refined in the exact searches)
}

// moveRun moves the top m.n cards of column m.from onto column m.to.
// Only the successors of the cards under the run, in both columns, change.
func (p *pos) moveRun(m mv) {
	src, dst := &p.cols[m.from], &p.cols[m.to]
	s := src.n - m.n
	h := src.cards[s]
	if s > src.down {
		b := src.cards[s-1]
		p.nxt[b] = noCard
		p.edges -= edgeKey[b][h]
	} else {
		p.xorColKey(int(m.from), baseKey[h])
	}
	if dst.n > dst.down {
		t := dst.cards[dst.n-1]
		p.nxt[t] = uint8(h)
		p.edges += edgeKey[t][h]
	} else {
		p.xorColKey(int(m.to), baseKey[h])
	}
	copy(dst.cards[dst.n:], src.cards[s:src.n])
	dst.n += m.n
	src.n = s
}

// apply plays m on p. The caller generated m in p, so it is legal.
func (p *pos) apply(g *game, m mv) {
	switch m.kind {
	case mColFound:
		c := p.pop(int(m.from))
		p.found[suit(c)]++
		p.turnUp(int(m.from))
	case mColCol:
		p.moveRun(m)
		p.turnUp(int(m.from))
	case mTalonFound, mTalonCol:
		if m.from >= p.ptr {
			// The card lies past the waste's top in this pass: reachable
			// by drawing on. Otherwise a recycle was needed.
			if !p.reachableThisPass(g, m.from) {
				p.passes++
			}
		} else if m.from != p.ptr-1 {
			p.passes++
		}
		c := p.takeTalon(g, m.from)
		if m.kind == mTalonFound {
			p.found[suit(c)]++
		} else {
			p.push(int(m.to), c)
		}
	case mFoundCol:
		c := klondike.NewCard(klondike.Rank(p.found[m.from]), klondike.Suit(m.from))
		p.found[m.from]--
		p.push(int(m.to), c)
	case mTwinHome:
		p.moveRun(m)
		c := p.pop(int(m.from))
		p.found[suit(c)]++
		p.turnUp(int(m.from))
	}
}

// reachableThisPass reports whether drawing on from the waste size ptr
// makes talon[idx] the waste's top without a recycle.
func (p *pos) reachableThisPass(g *game, idx uint8) bool {
	if idx+1 == p.ptr {
		return true
	}
	if idx < p.ptr {
		return false
	}
	q := idx + 1 // the waste size that shows it
	return q == p.nTalon || (q-p.ptr)%g.draw == 0
}

// talonCards appends the talon indexes whose card can become the waste's
// top: first those reachable in this pass, then, if a pass is left, those
// after a recycle.
func (p *pos) talonCards(g *game, buf []uint8) []uint8 {
	var seen uint32
	d := g.draw
	if p.ptr > 0 {
		buf = append(buf, p.ptr-1)
		seen |= 1 << (p.ptr - 1)
	}
	for q := p.ptr; q < p.nTalon; {
		q = min(q+d, p.nTalon)
		buf = append(buf, q-1)
		seen |= 1 << (q - 1)
	}
	if p.nTalon > 0 && (g.passes == klondike.Unlimited || int(p.passes) < g.passes) {
		for q := uint8(0); q < p.nTalon; {
			q = min(q+d, p.nTalon)
			if seen&(1<<(q-1)) == 0 {
				buf = append(buf, q-1)
			}
		}
	}
	return buf
}

// safeToFoundation reports whether c, playable to its foundation, can go
// there without losing a win: no card that could still need c as a base
// is off the foundations. Cards of rank r-1 of the other colour are the
// only ones that go on c; with foundation-to-column moves they could come
// back, and with them what goes on them, so then both other-colour suits
// must reach r-1 and the other suit of c's colour r-2.
//
// Aces and twos are always safe: only an ace goes on a two, and an ace
// that could go on a two can go to its foundation instead (nothing goes
// on an ace, nothing lies under it on its foundation), so a winning line
// never needs one on a two. So a three is safe once both aces of the
// other colour are home: a two that could go on it can go home instead,
// and is safe there.
func safeToFoundation(p *pos, g *game, c klondike.Card) bool {
	r := rank(c)
	if r <= 2 {
		return true
	}
	s := suit(c)
	var o1, o2, twin uint8 = 0, 3, 3 // the other colour's suits; c's colour twin
	switch s {
	case 0: // clubs
		o1, o2, twin = 1, 2, 3
	case 3: // spades
		o1, o2, twin = 1, 2, 0
	case 1: // diamonds
		o1, o2, twin = 0, 3, 2
	case 2: // hearts
		o1, o2, twin = 0, 3, 1
	}
	if r == 3 {
		return p.found[o1] >= 1 && p.found[o2] >= 1
	}
	if p.found[o1] < r-1 || p.found[o2] < r-1 {
		return false
	}
	if g.f2c && r >= 2 && p.found[twin]+2 < r {
		return false
	}
	return true
}

// autoMoves plays the safe moves of tableau cards to the foundations,
// appending them to path, until none is left. In draw 1 with unlimited
// passes it plays safe talon cards too: there every talon card can be
// reached at any time, so taking one out changes nothing for the others.
// (In draw 3 it would change which cards can be reached.)
//
// The positions it ends in from two positions of one class (twins.go)
// are again of one class: a card played stays playable until played, so
// the order does not matter, and when a card u it plays is covered in a
// position of its class, what covers u there lies on its twin t in the
// other and is played too. u is safe, so for rank 4 and up both cards
// that could lie on t are home; a three is safe once the aces of the
// other colour are home, and then a two (with an ace on it) on t goes
// home first; on a two only an ace lies, and aces always go.
func (p *pos) autoMoves(g *game, path []mv) []mv {
	talonToo := g.draw == 1 && g.passes == klondike.Unlimited
	for again := true; again; {
		again = false
		if talonToo {
			for i := uint8(0); i < p.nTalon; i++ {
				c := p.talon[i]
				if p.fitsFoundation(c) && safeToFoundation(p, g, c) {
					m := mv{kind: mTalonFound, from: i, n: 1, card: c}
					p.apply(g, m)
					path = append(path, m)
					again = true
					break
				}
			}
		}
		for i := 0; i < klondike.NumColumns; i++ {
			col := &p.cols[i]
			if col.n == 0 {
				continue
			}
			c := col.cards[col.n-1]
			if p.fitsFoundation(c) && safeToFoundation(p, g, c) {
				m := mv{kind: mColFound, from: uint8(i), n: 1, card: c}
				p.apply(g, m)
				path = append(path, m)
				again = true
			}
		}
	}
	return path
}

// autoMovesAfter is autoMoves for a position reached by m from one where
// autoMoves had nothing left to play. A move that sends no card home
// leaves every foundation as it was or lower, so no card became safe, and
// only the card it uncovered (column to column) or put on a column (from
// the talon or a foundation) can have become playable: when that one is
// not, autoMoves would play nothing.
func (p *pos) autoMovesAfter(g *game, path []mv, m *mv) []mv {
	i := -1
	switch m.kind {
	case mColCol:
		i = int(m.from)
	case mTalonCol, mFoundCol:
		i = int(m.to)
	}
	if i >= 0 {
		col := &p.cols[i]
		if col.n == 0 {
			return path
		}
		if c := col.cards[col.n-1]; !p.fitsFoundation(c) || !safeToFoundation(p, g, c) {
			return path
		}
	}
	return p.autoMoves(g, path)
}

// twinHomes appends, with g.twins, the moves that send home a face-up
// card u covered by a run while u's twin is bare: the run moves onto the
// twin, then u goes home. In a position of the same class with the runs
// swapped, u is bare and goes home in one move; the pair of moves reaches
// that move's class.
func (p *pos) twinHomes(buf []mv) []mv {
	for to := range p.cols {
		dst := &p.cols[to]
		if dst.n == 0 {
			continue
		}
		u := twinOf[dst.cards[dst.n-1]]
		if !p.fitsFoundation(u) {
			continue
		}
		for from := range p.cols {
			src := &p.cols[from]
			for j := src.down; j+1 < src.n; j++ {
				if src.cards[j] != u {
					continue
				}
				pr := prFound
				if j == src.down && j > 0 {
					pr = prTurnUpFound
				}
				buf = append(buf, mv{kind: mTwinHome, from: uint8(from), to: uint8(to), n: src.n - j - 1, card: u, prio: pr})
			}
		}
	}
	return buf
}

// kingCanMove reports whether some king could still move to an empty
// column: one in the talon, one with cards under it in a column, or, with
// foundation-to-column moves, one on a foundation. A king at the bottom of
// a column gains nothing by moving to another empty one.
func (p *pos) kingCanMove(g *game) bool {
	var bottom uint64 // the cards at the bottom of a column
	for i := range p.cols {
		if p.cols[i].n > 0 {
			bottom |= 1 << p.cols[i].cards[0]
		}
	}
	for s := range klondike.Suit(klondike.NumSuits) {
		k := klondike.NewCard(klondike.King, s)
		switch {
		case bottom&(1<<k) != 0:
		case p.found[s] == 13:
			if g.f2c {
				return true
			}
		default: // in the talon, or in a column with cards under it
			return true
		}
	}
	return false
}

// Move priorities, tried in this order.
const (
	prTurnUpFound uint8 = iota // to a foundation, turning a card up
	prTurnUp                   // a whole run moved, turning a card up
	prTalonFound
	prTalonCol
	prEmpty // a whole column moved onto another, emptying it
	prFound
	prPartial
	prKingEmpty
	prFoundCol
)

// moves appends the moves worth trying in p. It leaves out moves that
// only mirror another by the columns' symmetry: a run that fills a column
// by itself moved to an empty column, and moves to any empty column but
// the first.
//
// With loose set it also leaves out moves that rarely matter: partial runs
// that do not free a card for the foundations, cards taken down from the
// foundations, and emptying a column while no king can fill it at once.
// A search with loose moves may miss wins, so it can only prove wins.
//
// The moves come in order of priority; in the runs of an exact search
// after the first (g.order set) they are shuffled, within their priority
// or wholly (restart.go).
func (p *pos) moves(g *game, buf []mv, talBuf []uint8, loose bool) []mv {
	firstEmpty := -1
	for i := range p.cols {
		if p.cols[i].n == 0 {
			firstEmpty = i
			break
		}
	}
	kings := p.kingCanMove(g)
	var topAt [klondike.NumCards]uint8 // 1 + the column whose top card is c, or 0
	for i := range p.cols {
		if col := &p.cols[i]; col.n > 0 {
			topAt[col.cards[col.n-1]] = uint8(i) + 1
		}
	}
	// onto appends the moves of c (made by mk) to the first empty column,
	// if c is a king, or onto the column tops that take it.
	onto := func(buf []mv, c klondike.Card, mk mv) []mv {
		if rank(c) == 13 {
			if firstEmpty >= 0 {
				mk.to = uint8(firstEmpty)
				buf = append(buf, mk)
			}
			return buf
		}
		u1, u2 := upperCards(c)
		t1, t2 := topAt[u1], topAt[u2]
		if t2 > 0 && (t1 == 0 || t2 < t1) {
			t1, t2 = t2, t1 // lower column first, as the move order has it
		}
		for _, t := range [2]uint8{t1, t2} {
			if t > 0 {
				mk.to = t - 1
				buf = append(buf, mk)
			}
		}
		return buf
	}
	// Column to foundation and column to column.
	for from := 0; from < klondike.NumColumns; from++ {
		src := &p.cols[from]
		if src.n == 0 {
			continue
		}
		top := src.cards[src.n-1]
		if p.fitsFoundation(top) {
			pr := prFound
			if src.n-1 == src.down && src.down > 0 {
				pr = prTurnUpFound
			}
			buf = append(buf, mv{kind: mColFound, from: uint8(from), n: 1, card: top, prio: pr})
		}
		base := src.cards[src.down]
		for to := 0; to < klondike.NumColumns; to++ {
			if to == from {
				continue
			}
			dst := &p.cols[to]
			if dst.n == 0 {
				if to != firstEmpty || rank(base) != 13 || src.down == 0 {
					continue
				}
				buf = append(buf, mv{kind: mColCol, from: uint8(from), to: uint8(to), n: src.n - src.down, card: base, prio: prTurnUp})
				continue
			}
			t := dst.cards[dst.n-1]
			want := rank(t) - 1
			if want < rank(top) || want > rank(base) {
				continue
			}
			idx := src.down + (rank(base) - want)
			c := src.cards[idx]
			if red(c) == red(t) {
				continue
			}
			pr := prPartial
			if loose && idx != src.down && !p.fitsFoundation(src.cards[idx-1]) {
				continue
			}
			if idx == src.down {
				pr = prEmpty
				if src.down > 0 {
					pr = prTurnUp
				} else if !kings {
					continue // an empty column no king can ever fill is no use
				}
			}
			buf = append(buf, mv{kind: mColCol, from: uint8(from), to: uint8(to), n: src.n - idx, card: c, prio: pr})
		}
	}
	// Talon cards.
	for _, idx := range p.talonCards(g, talBuf[:0]) {
		c := p.talon[idx]
		if p.fitsFoundation(c) {
			buf = append(buf, mv{kind: mTalonFound, from: idx, n: 1, card: c, prio: prTalonFound})
		}
		pr := prTalonCol
		if rank(c) == 13 {
			pr = prKingEmpty
		}
		buf = onto(buf, c, mv{kind: mTalonCol, from: idx, n: 1, card: c, prio: pr})
	}
	if g.twins && !loose {
		buf = p.twinHomes(buf)
	}
	// Foundation to column.
	if g.f2c && !loose {
		for s := uint8(0); s < klondike.NumSuits; s++ {
			if p.found[s] == 0 {
				continue
			}
			c := klondike.NewCard(klondike.Rank(p.found[s]), klondike.Suit(s))
			buf = onto(buf, c, mv{kind: mFoundCol, from: s, n: 1, card: c, prio: prFoundCol})
		}
	}
	if !loose {
		// Within a kind, the exact searches turn up cards in the columns
		// with the most face-down cards first, and put talon cards on the
		// columns with the fewest first.
		for i := range buf {
			m := &buf[i]
			sub := uint8(7)
			switch {
			case m.prio == prTurnUp || m.prio == prTurnUpFound:
				sub = 6 - p.cols[m.from].down
			case m.kind == mTalonCol:
				sub = p.cols[m.to].down
			}
			m.prio = m.prio<<3 | sub
		}
	}
	if g.order != 0 && !loose {
		for i := len(buf) - 1; i > 0; i-- { // xorshift64
			g.order ^= g.order << 13
			g.order ^= g.order >> 7
			g.order ^= g.order << 17
			j := int(g.order % uint64(i+1))
			buf[i], buf[j] = buf[j], buf[i]
		}
		if g.shuffleAll {
			return buf
		}
	}
	// Stable insertion sort by priority: the lists are short.
	for i := 1; i < len(buf); i++ {
		for j := i; j > 0 && buf[j].prio < buf[j-1].prio; j-- {
			buf[j], buf[j-1] = buf[j-1], buf[j]
		}
	}
	return buf
}
