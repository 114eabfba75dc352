package klondike

import (
	"fmt"
	"strings"

	"github.com/solitaire-race/racer/internal/cards"
)

// Deal is the 52 cards in deck order: the one canonical description of a
// game's start. Deck position 0 goes to column 1, positions 28 … 51 form
// the stock with position 28 drawn first (see the package doc).
type Deal [NumCards]Card

// NewDeal returns the deal of a 64-bit seed, by the algorithm in the
// package doc: a fresh deck shuffled by Fisher–Yates driven by SplitMix64
// (cards.Shuffle). It never changes: golden deals in testdata pin it.
func NewDeal(seed uint64) Deal {
	var d Deal
	for i := range d {
		d[i] = Card(i) // clubs A…K, diamonds, hearts, spades
	}
	cards.Shuffle(d[:], seed)
	return d
}

// String returns the deal as 52 space-separated cards.
func (d Deal) String() string { return cards.Join(d[:]) }

// MarshalText implements encoding.TextMarshaler with the deal notation.
func (d Deal) MarshalText() ([]byte, error) { return cards.MarshalDeal(d[:], d.Validate) }

// UnmarshalText implements encoding.TextUnmarshaler; see ParseDeal.
func (d *Deal) UnmarshalText(b []byte) error { return cards.UnmarshalText(d, string(b), ParseDeal) }

// Validate reports whether the deal holds each of the 52 cards exactly once.
func (d Deal) Validate() error {
	var seen [NumCards]int
	for i, c := range d {
		if !c.Valid() {
			return fmt.Errorf("%w: deal position %d holds no card", ErrNotation, i+1)
		}
		if seen[c] != 0 {
			return fmt.Errorf("%w: deal has %s twice (positions %d and %d)", ErrNotation, c, seen[c], i+1)
		}
		seen[c] = i + 1
	}
	return nil
}

// ParseDeal reads a deal: exactly 52 cards in notation separated by white
// space, each card once. Errors wrap ErrNotation and name the first problem.
func ParseDeal(s string) (Deal, error) {
	var d Deal
	fields := strings.Fields(s)
	if len(fields) != NumCards {
		return d, fmt.Errorf("%w: a deal is 52 cards, this one has %d", ErrNotation, len(fields))
	}
	var seen [NumCards]int
	for i, f := range fields {
		c, err := ParseCard(f)
		if err != nil {
			return d, fmt.Errorf("deal position %d: %w", i+1, err)
		}
		if seen[c] != 0 {
			return d, fmt.Errorf("%w: deal has %s twice (positions %d and %d)", ErrNotation, c, seen[c], i+1)
		}
		seen[c] = i + 1
		d[i] = c
	}
	return d, nil
}
