package solver

import (
	"math/bits"

	"github.com/solitaire-race/racer/klondike"
)

// A second proof of loss, by counting places: crowded reports whether some
// face-down card T can never be uncovered because the cards that must be
// off its column then cannot all find a place.
//
// Every card must reach its foundation, so every face-down card T must be
// uncovered: at that moment every card that lies above T now (the set A)
// has left T's column. Call a card h homeless (for T) when a card of h's
// suit of lower rank is T or lies under T: h cannot reach its foundation
// before T is uncovered. At that moment a homeless non-king h of A is not
// on its foundation and not in the talon (cards never go back there), so
// it is in another column, not at the bottom (only kings move to empty
// columns, and h was dealt above T), so on a card it can go on: one rank
// higher, of the other colour, one of two cards. So is a homeless non-king
// that lies on a face-up card now, anywhere: it was moved there, and can
// only move on to another such place (the card under it cannot leave
// first). Two cards never lie on one card, and T and the cards under it are
// no such place then. So these homeless cards need distinct places among
// their candidates but T and those under it; if no such assignment exists
// (a bipartite matching), T is never uncovered and p is lost. Kings are
// left out: they could lie in empty columns.
//
// Example (relaxed-3, seed 156): the ace of hearts lies under the jack of
// diamonds, the jack of clubs, the five of diamonds and the jack of
// hearts, with the ten of diamonds and the queen of spades under it. Both
// red jacks are homeless (the ace of hearts, the ten of diamonds) and can
// only go on the queen of clubs (the queen of spades lies under the ace):
// lost, where the search needed 1.7 million positions. In the search it
// cuts off positions where moved cards took the places the cards above a
// face-down card will need (seed 144, lost: 0.5 million positions instead
// of 14.9 million).
//
// The assignment is quick to decide: a card's two places are the two
// cards one rank higher of the other colour, which only its twin (twins.go)
// can also go on. So the cards that need places fall into twin pairs, and
// an assignment exists unless a card has no place left, or both twins need
// one and one of their two places is not available.
//
// # The order of the face-down cards
//
// The count gets stronger with what else is known of the moment T is
// turned up, and newCrowdInfo derives that from the order in which the
// face-down cards can be turned up. Write T < U when U is still face down
// whenever T is turned up (a card under T in its column, for a start).
// When U is still face down, U and the cards under it are no place either;
// the cards that the relaxation of blocked.go cannot bring home, with U
// and the cards known to come after U frozen face down (so it holds until
// U is turned up), are homeless too; and if it cannot even move a card
// that lies above T, T is never turned up. So:
//
//   - for each face-down card a, the relaxation with a and every U with
//     a < U frozen gives the cards that cannot go home, and those that
//     cannot leave their place, before a is turned up;
//   - a < c is derived when c cannot be turned up while a is face down:
//     assuming a, what comes after a and what comes after c all face down
//     then, c's count fails. The relation is kept transitive, and the
//     relaxations are run again when what comes after a card grew;
//   - a card with a < a can never be turned up: the position is lost.
//     Otherwise each face-down card's table below counts with everything
//     known to come after it.
//
// Example (relaxed-3, seed 199, lost; 4.2 million positions without the
// order): the order alone proves it at the start.
//
// The order is a property of the search's first position, valid in every
// position after it, and costs about 150 µs per search (a relaxation per
// face-down card, a few rounds of mask operations per pair). It is not
// worked out again in the positions of the search: recomputing it in
// every position cuts 0.03 % and 16 % of the positions of seeds 454 and
// 306, at 25 and 30 times the time.
//
// The cards at and under each face-down height never change while they are
// face down, so for each height what that gives is computed once per search
// (crowdInfo), and crowded costs a few mask operations per face-down card.

// crowdInfo is what crowded needs of the face-down cards of a search's
// first position, for face-down height k of column i: the non-kings
// homeless for the card at k, those of them with no place left and those
// with one place left, and whether the order proved the position lost.
type crowdInfo struct {
	homeless, none, one [klondike.NumColumns][maxColumn]uint64
	lost                bool
}

// placesOf is the set of the two cards each card can go on (none for kings).
var placesOf [klondike.NumCards]uint64

func init() {
	// From klondike's own methods: this file's init runs before pos.go's
	// fills the rank and colour tables.
	for c := range klondike.Card(klondike.NumCards) {
		if r := c.Rank(); r < klondike.King {
			s1, s2 := klondike.Diamonds, klondike.Hearts
			if c.Red() {
				s1, s2 = klondike.Clubs, klondike.Spades
			}
			placesOf[c] = 1<<klondike.NewCard(r+1, s1) | 1<<klondike.NewCard(r+1, s2)
		}
	}
}

// downCard is one face-down card of newCrowdInfo.
type downCard struct {
	col, h          uint8
	under, above    uint64 // the cards at and under it; above it
	homeless        uint64 // non-kings with a lower card of their suit in under
	notHome, noLeft uint64 // from the relaxation frozen at it and what comes after it
}

// orderRounds bounds the rounds of relaxations of newCrowdInfo; a
// fourth is rare.
const orderRounds = 4

// newCrowdInfo works out the tables of crowded for p's face-down cards,
// with (order) or without the order of the face-down cards.
func newCrowdInfo(p *pos, g *game, order bool) *crowdInfo {
	ci := &crowdInfo{}
	var downs []downCard
	for i := range p.cols {
		col := &p.cols[i]
		var under uint64
		lowest := [klondike.NumSuits]uint8{14, 14, 14, 14}
		for k := uint8(0); k < col.down; k++ {
			t := col.cards[k]
			under |= 1 << t
			lowest[suit(t)] = min(lowest[suit(t)], rank(t))
			d := downCard{col: uint8(i), h: k, under: under}
			for s := range klondike.Suit(klondike.NumSuits) {
				for r := lowest[s] + 1; r <= 12; r++ {
					d.homeless |= 1 << klondike.NewCard(klondike.Rank(r), s)
				}
			}
			for j := k + 1; j < col.n; j++ {
				d.above |= 1 << col.cards[j]
			}
			downs = append(downs, d)
		}
	}
	moved := p.onFaceUp()
	// after[a]: the face-down cards still face down whenever a is turned
	// up (a < U), as indexes of downs.
	after := make([]uint32, len(downs))
	for a := range downs {
		for c := range downs {
			if downs[c].col == downs[a].col && downs[c].h < downs[a].h {
				after[a] |= 1 << c
			}
		}
	}
	// facts returns what holds when c is turned up while the cards of set
	// are still face down: the cards that are no place, the homeless, and
	// the cards that cannot have left their place.
	facts := func(c int, set uint32) (noPlace, homeless, stuck uint64) {
		d := &downs[c]
		noPlace, homeless, stuck = d.under, d.homeless|d.notHome, d.noLeft
		for m := set; m != 0; m &= m - 1 {
			x := &downs[bits.TrailingZeros32(m)]
			noPlace |= x.under
			homeless |= x.notHome
			stuck |= x.noLeft
		}
		return noPlace, homeless, stuck
	}
	// fails reports whether the count proves that c cannot be turned up
	// while the cards of set are face down.
	fails := func(c int, set uint32) bool {
		noPlace, homeless, stuck := facts(c, set)
		d := &downs[c]
		if d.above&stuck != 0 {
			return true
		}
		need := (d.above | moved) & homeless
		none, one := placeCounts(need, noPlace)
		return unplaced(need, none, one)
	}
	// relax runs the relaxation for each card whose after set grew since
	// its last run, and reports whether it ran any.
	lastRun := make([]uint32, len(downs)) // after[a] at a's last run, plus 1<<31
	relax := func() bool {
		ran := false
		for a := range downs {
			if lastRun[a] == after[a]|1<<31 {
				continue
			}
			lastRun[a] = after[a] | 1<<31
			ran = true
			var frozen [klondike.NumColumns]uint8
			for m := after[a] | 1<<a; m != 0; m &= m - 1 {
				x := &downs[bits.TrailingZeros32(m)]
				frozen[x.col] = max(frozen[x.col], x.h+1)
			}
			var b blockState
			b.run(p, g, frozen)
			d := &downs[a]
			d.notHome, d.noLeft = 0, 0
			for c := range klondike.Card(klondike.NumCards) {
				if !b.home[c] && rank(c) < 13 {
					d.notHome |= 1 << c
				}
				if !b.left[c] {
					d.noLeft |= 1 << c
				}
			}
		}
		return ran
	}
	for round := 0; order && round < orderRounds && relax(); round++ {
		for grew := true; grew; {
			grew = false
			for a := range downs {
				for c := range downs {
					if c == a || after[a]&(1<<c) != 0 {
						continue
					}
					// Can c be turned up while a is face down?
					if !fails(c, after[c]|after[a]|1<<a) {
						continue
					}
					after[a] |= 1<<c | after[c]
					for x := range downs {
						if after[x]&(1<<a) != 0 {
							after[x] |= after[a]
						}
					}
					if after[a]&(1<<a) != 0 {
						ci.lost = true // a < a: never turned up
						return ci
					}
					grew = true
				}
			}
		}
	}
	for c := range downs {
		d := &downs[c]
		noPlace, homeless, stuck := facts(c, after[c])
		if d.above&stuck != 0 {
			ci.lost = true
		}
		none, one := placeCounts(homeless, noPlace)
		ci.homeless[d.col][d.h], ci.none[d.col][d.h], ci.one[d.col][d.h] = homeless, none, one
	}
	return ci
}

// placeCounts returns the cards of set with no place left, and those
// with one, when the cards of noPlace are no place.
func placeCounts(set, noPlace uint64) (none, one uint64) {
	for m := set; m != 0; m &= m - 1 {
		h := klondike.Card(bits.TrailingZeros64(m))
		switch bits.OnesCount64(placesOf[h] &^ noPlace) {
		case 0:
			none |= 1 << h
		case 1:
			one |= 1 << h
		}
	}
	return none, one
}

// unplaced reports whether the cards of need cannot all lie on distinct
// places: one has none left (none), or both twins need one and have one
// between them (one; twins have the same places).
func unplaced(need, none, one uint64) bool {
	return need&none != 0 || need&twins(need)&one != 0
}

// onFaceUp returns the face-up cards lying on face-up cards: all but the
// columns' bases.
func (p *pos) onFaceUp() uint64 {
	m := p.up
	for i := range p.cols {
		if col := &p.cols[i]; col.n > col.down {
			m &^= 1 << col.cards[col.down]
		}
	}
	return m
}

// twins maps a set of cards to the set of their twins: clubs (cards 0-12)
// and spades (39-51), diamonds (13-25) and hearts (26-38).
func twins(m uint64) uint64 {
	const suitBits = 1<<13 - 1
	return (m&suitBits)<<39 | (m>>39)&suitBits | (m&(suitBits<<13))<<13 | (m>>13)&(suitBits<<13)
}

// crowded reports whether the count above proves p lost. ci describes the
// face-down cards of a position p was reached from.
func (p *pos) crowded(ci *crowdInfo) bool {
	if ci.lost {
		return true
	}
	moved := p.onFaceUp()
	for i := range p.cols {
		col := &p.cols[i]
		if col.down == 0 {
			continue
		}
		var above uint64 // the cards above height k
		for j := col.down; j < col.n; j++ {
			above |= 1 << col.cards[j]
		}
		for k := int(col.down) - 1; k >= 0; k-- {
			if unplaced((above|moved)&ci.homeless[i][k], ci.none[i][k], ci.one[i][k]) {
				return true
			}
			above |= 1 << col.cards[k]
		}
	}
	return false
}
