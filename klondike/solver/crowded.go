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
// one and one of their two places is T or under it.
//
// The cards at and under each face-down height never change while they are
// face down, so for each height what that gives is computed once per search
// (crowdInfo), and crowded costs a few mask operations per face-down card.

// crowdInfo is what crowded needs of the face-down cards of a search's
// first position, for face-down height k of column i: the non-kings
// homeless for the card at k, those of them with no place left (both
// places at heights 0 … k), and those with one place left.
type crowdInfo struct {
	homeless, none, one [klondike.NumColumns][maxColumn]uint64
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

func newCrowdInfo(p *pos) *crowdInfo {
	ci := &crowdInfo{}
	for i := range p.cols {
		col := &p.cols[i]
		var under uint64
		lowest := [klondike.NumSuits]uint8{14, 14, 14, 14}
		for k := uint8(0); k < col.down; k++ {
			t := col.cards[k]
			under |= 1 << t
			lowest[suit(t)] = min(lowest[suit(t)], rank(t))
			var hm, none, one uint64
			for s := range klondike.Suit(klondike.NumSuits) {
				for r := lowest[s] + 1; r <= 12; r++ {
					h := klondike.NewCard(klondike.Rank(r), s)
					hm |= 1 << h
					switch bits.OnesCount64(placesOf[h] &^ under) {
					case 0:
						none |= 1 << h
					case 1:
						one |= 1 << h
					}
				}
			}
			ci.homeless[i][k], ci.none[i][k], ci.one[i][k] = hm, none, one
		}
	}
	return ci
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
	moved := p.up // face-up cards lying on face-up cards: all but the bases
	for i := range p.cols {
		if col := &p.cols[i]; col.n > col.down {
			moved &^= 1 << col.cards[col.down]
		}
	}
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
			need := (above | moved) & ci.homeless[i][k]
			if need&ci.none[i][k] != 0 || need&twins(need)&ci.one[i][k] != 0 {
				return true
			}
			above |= 1 << col.cards[k]
		}
	}
	return false
}
