package bot

import (
	"math/rand/v2"

	"github.com/solitaire-race/racer/klondike"
)

// hindsight plans by sampling (hindsight optimisation, "perfect
// information Monte Carlo": Bjarnason, Fern and Tadepalli, "Lower
// bounding Klondike solitaire with Monte-Carlo planning", ICAPS 2009).
// At a decision it deals the cards it has not seen, at random, into the
// places it cannot see (the face-down cards, and the stock and waste
// cards it has not seen yet), keeping every card it has seen where it
// saw it. In each such imagined deal its search sees through the cards
// a line turns up, and values every first move by its best line; it
// plays the move best on average over the deals. The imagined deals are
// the bot's alone: it never sees a card of the real deal that a player
// could not, and the same view (and memory of the stock) gives the same
// deals for the same seed. It is not safe for concurrent use.
type hindsight struct {
	// samples is how many deals it imagines a decision.
	samples int
	// srch searches each imagined deal, within its own budget.
	srch *searcher
	// unseen holds the cards the bot has not seen, vals each first
	// move's values.
	unseen []klondike.Card
	vals   []moveValue
}

// moveValue sums, for one first move, how much better than the position
// itself its best line was in each imagined deal.
type moveValue struct {
	m klondike.Move
	// sum adds the best of each deal; n counts the deals where the move
	// was searched; round is the last such deal, best its best there.
	sum, n, round, best int
}

func newHindsight(samples int, srch *searcher) *hindsight {
	return &hindsight{samples: samples, srch: srch}
}

// decide returns the move whose lines are best on average over the
// deals imagined from b, among those legal in b that do not lead to a
// position skip reports, or false when none is better on average than
// b itself. seed is the bot's seed.
func (h *hindsight) decide(b *board, seed uint64, skip func(*board) bool) (klondike.Move, bool) {
	h.unseen = b.unseen(h.unseen[:0])
	slots := b.faceDown()
	for _, c := range b.talon[:b.nTalon] {
		if c == unknown {
			slots++
		}
	}
	if slots != len(h.unseen) {
		return klondike.Move{}, false // never with a board built from a view
	}
	// The deals depend on the seed and on what the bot knows alone.
	rng := rand.New(rand.NewPCG(seed, b.key()))
	vals := h.vals[:0]
	done := 0
	for r := range h.samples {
		d := *b
		h.imagine(&d, rng)
		base, ok := h.srch.evaluate(&d, nil, nil)
		if !ok {
			continue
		}
		done++
		for _, c := range h.srch.cands {
			m, gain := stepMove(b, c.s), c.val-base
			i := 0
			for i < len(vals) && vals[i].m != m {
				i++
			}
			if i == len(vals) {
				vals = append(vals, moveValue{m: m, round: -1})
			}
			v := &vals[i]
			switch {
			case v.round != r:
				v.round, v.best = r, gain
				v.n++
			case gain > v.best:
				v.best = gain
			}
		}
		for i := range vals {
			if vals[i].round == r {
				vals[i].sum += vals[i].best
			}
		}
	}
	h.vals = vals
	best, bi := 0, -1
	for i := range vals {
		v := &vals[i]
		// A deal where the move was not searched counts it one worse
		// than the position.
		if score := v.sum - (done - v.n); score > best && h.playable(b, v.m, skip) {
			best, bi = score, i
		}
	}
	if bi < 0 {
		return klondike.Move{}, false
	}
	return vals[bi].m, true
}

// imagine deals h.unseen, shuffled, into d's face-down places and the
// talon places it does not know.
func (h *hindsight) imagine(d *board, rng *rand.Rand) {
	u := h.unseen
	for i := len(u) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		u[i], u[j] = u[j], u[i]
	}
	k := 0
	for i := range d.cols {
		col := &d.cols[i]
		for j := range col.down {
			col.hid[j] = u[k]
			k++
		}
	}
	for i, c := range d.talon[:d.nTalon] {
		if c == unknown {
			d.talon[i] = u[k]
			k++
		}
	}
}

// playable reports whether m is legal in b and, for a play, does not
// lead to a position skip reports.
func (h *hindsight) playable(b *board, m klondike.Move, skip func(*board) bool) bool {
	switch m.Kind {
	case klondike.Draw:
		return b.canDraw()
	case klondike.Recycle:
		return b.canRecycle()
	}
	var buf [96]klondike.Move
	for _, x := range b.playMoves(buf[:0], h.srch.f2c) {
		if x == m {
			c := *b
			c.apply(m)
			return skip == nil || !skip(&c)
		}
	}
	return false
}
