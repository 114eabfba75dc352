package bot

import "github.com/solitaire-race/racer/klondike"

// weights are the terms of the bot's measure of a Klondike position, and
// how it uses the measure.
type weights struct {
	// A card turned up is worth turnUp + turnUpDeep·(2d−1) where d cards
	// were face down in its column: most where many are still face down.
	turnUp, turnUpDeep int
	// A card on its foundation is worth safeHome while no column may
	// still need it, else home.
	safeHome, home int
	// Each card left in the stock and waste costs talon.
	talon int
	// An empty column is worth empty.
	empty int
	// chance is what a card the search turned up is worth beyond that,
	// times the share of the cards it may be (those the bot has not
	// seen) that could move at once, to a foundation or onto a column,
	// turning the next card up.
	chance int
	// revealTol is how much worse than the best a line may be and still
	// be played first because its first step turns a card up: what that
	// card is may change the plan.
	revealTol int
	// scout has the bot, with unlimited passes, draw through the stock
	// until it has seen every card of it, playing meanwhile only the
	// moves that turn a card up or put one on a foundation.
	scout bool
}

// plainWeights value what the view shows and no more: Relaxed's.
var plainWeights = weights{turnUp: 60, turnUpDeep: 4, safeHome: 30, home: 12, talon: 6, empty: 8}

// defaultWeights are the weights of Steady and Strong.
var defaultWeights = weights{turnUp: 60, turnUpDeep: 4, safeHome: 30, home: 12, talon: 6, empty: 8,
	chance: 60, revealTol: 10, scout: true}

// value is the bot's measure of a position, unseen the cards the bot
// has not seen: a function of the position alone, so that a line of
// moves that each raise it cannot loop.
func (w *weights) value(b *board, unseen []klondike.Card) int {
	v := 0
	empty := false
	for i := range b.cols {
		col := &b.cols[i]
		d := int(col.down)
		v -= w.turnUp*d + w.turnUpDeep*d*d
		if col.n == 0 && col.down == 0 {
			v += w.empty
			empty = true
		}
	}
	for su := range b.found {
		n := int(b.found[su])
		lim := max(2, min(b.found[oppositeA[su]], b.found[oppositeB[su]])+1)
		safe := min(n, int(lim))
		v += w.safeHome*safe + w.home*(n-safe)
	}
	v -= w.talon * b.talonCount()
	if w.chance != 0 && len(unseen) > 0 {
		v += w.chanceValue(b, unseen, empty)
	}
	return v
}

// oppositeA and oppositeB are the two suits of the other colour.
var (
	oppositeA = [klondike.NumSuits]klondike.Suit{klondike.Diamonds, klondike.Clubs, klondike.Clubs, klondike.Diamonds}
	oppositeB = [klondike.NumSuits]klondike.Suit{klondike.Hearts, klondike.Spades, klondike.Spades, klondike.Hearts}
)

// chanceValue returns what the cards the search turned up are worth
// beyond the card turned: chance times the share of the unseen cards
// that could move at once.
func (w *weights) chanceValue(b *board, unseen []klondike.Card, empty bool) int {
	turned := 0
	var top [klondike.NumCards]bool
	for i := range b.cols {
		p := &b.cols[i]
		if p.n == 0 {
			continue
		}
		if t := p.top(); t != unknown {
			top[t] = true
		} else if p.n == 1 {
			turned++
		}
	}
	if turned == 0 {
		return 0
	}
	mobile := 0
	for _, x := range unseen {
		r := x.Rank()
		switch {
		case uint8(r) == b.found[x.Suit()]+1:
			mobile++
		case r == klondike.King:
			if empty {
				mobile++
			}
		default:
			p1, p2 := upperCards(x)
			if top[p1] || top[p2] {
				mobile++
			}
		}
	}
	return turned * w.chance * mobile / len(unseen)
}

// upperCards returns the two cards c goes on: one rank higher, of the
// other colour.
func upperCards(c klondike.Card) (klondike.Card, klondike.Card) {
	r := c.Rank() + 1
	if c.Red() {
		return klondike.NewCard(r, klondike.Clubs), klondike.NewCard(r, klondike.Spades)
	}
	return klondike.NewCard(r, klondike.Diamonds), klondike.NewCard(r, klondike.Hearts)
}

// lowerCards returns the two cards that go on c: one rank lower, of the
// other colour.
func lowerCards(c klondike.Card) (klondike.Card, klondike.Card) {
	r := c.Rank() - 1
	if c.Red() {
		return klondike.NewCard(r, klondike.Clubs), klondike.NewCard(r, klondike.Spades)
	}
	return klondike.NewCard(r, klondike.Diamonds), klondike.NewCard(r, klondike.Hearts)
}
