package bot

import "github.com/solitaire-race/racer/klondike"

// talonMemory is what a Player remembers of the stock and waste between
// views: every card it has seen on the waste, in talon order (the waste
// bottom first, then the stock in drawing order, the order a recycle
// keeps). After a first trip through the stock it knows them all, as an
// attentive player does. It never holds a card no view showed.
type talonMemory struct {
	cards  []klondike.Card
	nWaste int
}

// sync replays the bot's last move (when had) on the memory and checks
// the result against the new view; on any mismatch (a refused move, a
// reconnection) it forgets what it knew. Then it records the visible top
// of the waste.
func (t *talonMemory) sync(last klondike.Move, had bool, v *klondike.View, draw int) {
	if had {
		switch last.Kind {
		case klondike.Draw:
			t.nWaste = min(t.nWaste+draw, len(t.cards))
		case klondike.Recycle:
			t.nWaste = 0
		case klondike.WasteToFoundation, klondike.WasteToColumn:
			if t.nWaste > 0 {
				t.cards = append(t.cards[:t.nWaste-1], t.cards[t.nWaste:]...)
				t.nWaste--
			}
		}
	}
	n := min(v.Stock+v.WasteSize, talonSize)
	if len(t.cards) != n || t.nWaste != min(v.WasteSize, n) || !t.agrees(v.Waste) {
		t.reset(n, min(v.WasteSize, n))
	}
	vis := v.Waste
	if len(vis) > t.nWaste {
		vis = vis[len(vis)-t.nWaste:]
	}
	copy(t.cards[t.nWaste-len(vis):], vis)
}

// agrees reports whether the visible waste matches what is remembered.
func (t *talonMemory) agrees(vis []klondike.Card) bool {
	if len(vis) > t.nWaste {
		return false
	}
	for i, c := range vis {
		if m := t.cards[t.nWaste-len(vis)+i]; m != unknown && m != c {
			return false
		}
	}
	return true
}

func (t *talonMemory) reset(n, nWaste int) {
	t.cards = t.cards[:0]
	for range n {
		t.cards = append(t.cards, unknown)
	}
	t.nWaste = nWaste
}

// step is one choice of the search: a play now, or a play of a talon
// card that draws (and perhaps a recycle) will bring to the waste's top.
type step struct {
	m klondike.Move
	// pos is the talon card played, for a talon play; draws is how many
	// draws reach it (0: m is playable now).
	pos     uint8
	draws   uint8
	recycle bool
}

// talonPlays appends the plays of known talon cards that draws bring to
// the waste's top, and with unlimited passes those a recycle and draws
// bring.
func (b *board) talonPlays(buf []step) []step {
	n, d := int(b.nTalon), int(max(b.draw, 1))
	var reached [talonSize]bool
	add := func(pos, draws int, recycle bool) {
		if reached[pos] {
			return
		}
		reached[pos] = true
		c := b.talon[pos]
		if c == unknown {
			return
		}
		s := step{pos: uint8(pos), draws: uint8(draws), recycle: recycle}
		if b.toFoundation(c) {
			s.m = klondike.WasteToFoundationMove()
			buf = append(buf, s)
		}
		for to := range b.cols {
			if fits(c, &b.cols[to]) {
				s.m = klondike.WasteToColumnMove(to)
				buf = append(buf, s)
			}
		}
	}
	if b.nWaste > 0 {
		reached[b.nWaste-1] = true // the current top: an ordinary play
	}
	k := 0
	for w := int(b.nWaste); w < n; {
		w = min(w+d, n)
		k++
		add(w-1, k, false)
	}
	// With passes limited, a recycle to reach a card spends a pass and
	// hurries through the rest of the stock: the bot won fewer bvs deals
	// (9 of seeds 1-200, against 13 without).
	if b.passesLeft < 0 {
		k++ // the recycle
		for w := 0; w < n; {
			w = min(w+d, n)
			k++
			add(w-1, k, true)
		}
	}
	return buf
}

// applyTalonPlay plays s: the draws and recycle, then the play.
func (b *board) applyTalonPlay(s step) {
	if s.recycle && b.passesLeft > 0 {
		b.passesLeft--
	}
	b.nWaste = s.pos + 1
	b.apply(s.m)
}
