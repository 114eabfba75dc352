package spider

import (
	"fmt"
	"strings"

	"github.com/solitaire-race/racer/internal/cards"
)

// Deal is the 104 cards of a game in deck order: the one canonical
// description of a game's start. Deck positions 0 … 53 are laid out on
// the table, 54 … 103 form the stock, position 54 dealt first (see the
// package doc). A deal of s suits holds 104/(13·s) copies of each card of
// those suits: two decks of 4 suits, four of spades and hearts, or eight
// of spades.
type Deal [NumCards]Card

// NewDeal returns the deal of a 64-bit seed for a game of 1, 2 or 4
// suits, by the algorithm in the package doc: the ordered two-deck deck
// of those suits shuffled by Fisher–Yates driven by SplitMix64
// (cards.Shuffle), exactly as package klondike shuffles its 52 cards. It
// never changes: golden deals in testdata pin it. It panics when suits
// is not 1, 2 or 4 (rules from Profile or validated by Rules.Validate
// never are).
func NewDeal(seed uint64, suits int) Deal {
	d := orderedDeck(suits)
	cards.Shuffle(d[:], seed)
	return d
}

// suitsInPlay returns the suits of a game of n suits, in the order the
// ordered deck lists them, or nil when n is not 1, 2 or 4.
func suitsInPlay(n int) []Suit {
	switch n {
	case 1:
		return []Suit{Spades}
	case 2:
		return []Suit{Spades, Hearts}
	case 4:
		return []Suit{Clubs, Diamonds, Hearts, Spades}
	}
	return nil
}

// orderedDeck returns the unshuffled deck of a game of n suits: the suits
// in play (clubs, diamonds, hearts, spades; or spades, hearts; or spades),
// each A … K, repeated until 104 cards.
func orderedDeck(n int) Deal {
	ss := suitsInPlay(n)
	if ss == nil {
		panic(fmt.Sprintf("spider: a game has 1, 2 or 4 suits, not %d", n))
	}
	var d Deal
	for i := range d {
		d[i] = NewCard(Rank(i%13+1), ss[i/13%len(ss)])
	}
	return d
}

// String returns the deal as 104 space-separated cards.
func (d Deal) String() string { return cards.Join(d[:]) }

// MarshalText implements encoding.TextMarshaler with the deal notation.
func (d Deal) MarshalText() ([]byte, error) { return cards.MarshalDeal(d[:], d.Validate) }

// UnmarshalText implements encoding.TextUnmarshaler; see ParseDeal.
func (d *Deal) UnmarshalText(b []byte) error { return cards.UnmarshalText(d, string(b), ParseDeal) }

// Suits returns the number of suits of the deal (1, 2 or 4), or 0 when
// its cards are not the two decks of any Spider game.
func (d Deal) Suits() int {
	var count [deckSize]int
	for _, c := range d {
		if !c.Valid() {
			return 0
		}
		count[c]++
	}
	for _, n := range []int{1, 2, 4} {
		if countsFit(&count, n) {
			return n
		}
	}
	return 0
}

// countsFit reports whether count holds 104/(13·n) of each card of the n
// suits in play and none of the others.
func countsFit(count *[deckSize]int, n int) bool {
	ss := suitsInPlay(n)
	want := NumCards / (13 * len(ss))
	for c := Card(0); c < deckSize; c++ {
		w := 0
		for _, su := range ss {
			if c.Suit() == su {
				w = want
			}
		}
		if count[c] != w {
			return false
		}
	}
	return true
}

// Validate reports whether the deal holds the cards of a Spider game of
// 1, 2 or 4 suits (see Deal); the error wraps ErrNotation.
func (d Deal) Validate() error {
	for i, c := range d {
		if !c.Valid() {
			return fmt.Errorf("%w: deal position %d holds no card", ErrNotation, i+1)
		}
	}
	if d.Suits() == 0 {
		return fmt.Errorf("%w: %s", ErrNotation, d.mixDescription())
	}
	return nil
}

// mixDescription says why valid cards are not a Spider game's two decks.
func (d Deal) mixDescription() string {
	var count [deckSize]int
	var perSuit [NumSuits]int
	for _, c := range d {
		count[c]++
		perSuit[c.Suit()]++
	}
	var in []string
	for su := Suit(0); su < NumSuits; su++ {
		if perSuit[su] > 0 {
			in = append(in, su.String())
		}
	}
	n := len(in)
	if n == 3 || (n == 2 && (perSuit[Spades] == 0 || perSuit[Hearts] == 0)) || (n == 1 && perSuit[Spades] == 0) {
		return fmt.Sprintf("a deal's suits are spades; spades and hearts; or all four, not %s", strings.Join(in, ", "))
	}
	want := NumCards / (13 * n)
	for c := Card(0); c < deckSize; c++ {
		if perSuit[c.Suit()] > 0 && count[c] != want {
			return fmt.Sprintf("a deal of %d suits has %d of each card, but %d of %s", n, want, count[c], c)
		}
	}
	return "not the cards of a Spider game"
}

// ParseDeal reads a deal: exactly 104 cards in notation separated by
// white space, the two decks of a game of 1, 2 or 4 suits. Errors wrap
// ErrNotation and name the first problem.
func ParseDeal(s string) (Deal, error) {
	var d Deal
	fields := strings.Fields(s)
	if len(fields) != NumCards {
		return d, fmt.Errorf("%w: a deal is 104 cards, this one has %d", ErrNotation, len(fields))
	}
	for i, f := range fields {
		c, err := ParseCard(f)
		if err != nil {
			return d, fmt.Errorf("deal position %d: %w", i+1, err)
		}
		d[i] = c
	}
	if err := d.Validate(); err != nil {
		return Deal{}, err
	}
	return d, nil
}
