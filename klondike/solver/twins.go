package solver

import (
	"math/bits"

	"github.com/solitaire-race/racer/klondike"
)

// Twins are the two cards of one rank and one colour (the two red fives,
// say). Swapping what lies on two face-up twins in the tableau — the run
// above one and the run above the other, either possibly empty — does
// not change whether a position can be won:
//
//   - play any line of P in P' (P with such a swap), keeping P' equal to
//     the line's position but for the cards above the twins u1 and u2
//     being swapped. They lie in different columns (a face-up run holds
//     one card per rank), so the same cards are column tops in both but
//     for a bare twin: a card or run put on a bare u1 in P goes on the
//     bare u2 in P' (same rank and colour), and a run moved from any
//     face-up card moves from the same card in P', with the other twin's
//     cards above it when it holds a twin; what is below a twin is the
//     same in both, so the same cards turn up and columns empty;
//   - when u1 goes home in P it is bare; in P' the cards on it (on u2 in
//     P) first move onto u2, bare there, and then P' is P.
//
// The exact searches key their table up to such swaps (twinHash): late
// in a game the same cards lie in many such arrangements, and a class of
// positions is searched once, from whichever of its positions comes first.
// That is sound because the exact searches (g.twins) give every position of
// a class the same moves, up to a swap. Let P* be P with some pairs'
// runs swapped:
//
//   - each move of P* has a counterpart in P, as above: the same card
//     moved, onto the same card or its twin, reaching the same class; but
//     for a bare twin u going home in P*, which in P carries the run that
//     its twin t carries in P*, t bare: there P has the move pair "that run
//     onto t, then u home" (mTwinHome), which reaches the class;
//   - the filters treat the counterpart alike: which runs are partial,
//     which columns empty, which cards are face up, in reach or on a
//     column's top up to twins are the same in both; a partial run is
//     also kept when the twin of the card it uncovers fits its foundation
//     (usefulAfterPartial), since in P* that is the card uncovered;
//   - the safe moves played at once end in one class too (autoMoves says
//     why).
//
// Let μ(C) be the shortest line the filters keep to a win from any
// position of class C (finite when C is winnable, as solve.go and
// useful.go argue). A winnable position of C then has a move to a class of
// smaller μ: the counterpart of the first move of the shortest line. So
// the argument of restart.go holds with classes for positions and μ for
// the length of the shortest win. This needs the moves generated to be the
// same whichever twin is bare: keying the tables by class while the moves
// depend on the twin calls a won deal lost (relaxed-3 seed 58).
// TestTwinKeysAgree compares the exact pass with and without twin keys;
// TestTwinSwapKeepsVerdict checks the equivalence itself with the search.

// twinOf is the other card of the same rank and colour.
var twinOf [klondike.NumCards]klondike.Card

func init() {
	for c := range klondike.Card(klondike.NumCards) {
		twinOf[c] = klondike.NewCard(c.Rank(), klondike.Suit(3-int(c.Suit())))
	}
}

// noCard stands for no card: the successor of a bare face-up card.
const noCard = 0xff

// twinHash is tableauHash after the runs on face-up twins are put in a
// canonical order: for every pair of face-up twins, the run with the
// smaller first card (nothing counting as largest) lies on the clubs or
// diamonds twin. A swap at one pair changes nothing on any other face-up
// card, so the pairs are independent, and it changes only the two twins'
// successor terms of the key (pos.rekey).
func (p *pos) twinHash() uint64 {
	h := p.tableauHash()
	// Bit r of pairs: both twins of rank r+1 of the clubs/spades pair are
	// face up; bit 13+r, of the diamonds/hearts pair (klondike.NewCard
	// numbers the suits' cards 0-12, 13-25, 26-38, 39-51).
	const ranks = 1<<13 - 1
	up := p.up
	pairs := up&(up>>39)&ranks | (up>>13)&(up>>26)&ranks<<13
	for ; pairs != 0; pairs &= pairs - 1 {
		c := klondike.Card(bits.TrailingZeros64(pairs)) // a club or a diamond
		t := twinOf[c]
		if nc, nt := p.nxt[c], p.nxt[t]; nc > nt {
			h += edgeKey[c][nt&63] + edgeKey[t][nc&63] - edgeKey[c][nc&63] - edgeKey[t][nt&63]
		}
	}
	return h
}
