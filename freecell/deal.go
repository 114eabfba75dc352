package freecell

import (
	"fmt"
	"strings"

	"github.com/solitaire-race/racer/internal/cards"
)

// Deal is the 52 cards of a game in dealing order: the one canonical
// description of a game's start. Position k goes to cascade k mod 8
// (from 0), as the k/8-th card from the bottom: positions 0 … 7 are the
// bottom row, left to right (see the package doc).
type Deal [NumCards]Card

// MicrosoftSeeds is the number of seeds dealt by Microsoft's generator:
// seeds 0 … 2³¹−1 (Microsoft's deal numbers 1 … 32,000 are the seeds of
// the same number). Larger seeds are dealt by the shuffle of the other
// games (see NewDeal).
const MicrosoftSeeds = 1 << 31

// NewDeal returns the deal of a 64-bit seed, by the algorithm in the
// package doc. It never changes: golden deals in testdata pin it.
//
// A seed below MicrosoftSeeds is Microsoft's deal of that number: the
// deck AC AD AH AS 2C … KS, and for i from 52 down to 1 the card at
// rand() mod i is dealt and replaced by the last of the i cards left,
// where rand() is the C runtime's generator seeded with the seed (see
// MicrosoftRand). From MicrosoftSeeds up, the deal is the deck clubs
// A … K, diamonds, hearts, spades, shuffled by Fisher–Yates driven by
// SplitMix64 as Klondike and Spider shuffle (internal/cards.Shuffle): the
// 52 cards of Klondike's deal of that seed, in the same order.
func NewDeal(seed uint64) Deal {
	if seed < MicrosoftSeeds {
		return microsoftDeal(uint32(seed))
	}
	var d Deal
	for i := range d {
		d[i] = Card(i)
	}
	cards.Shuffle(d[:], seed)
	return d
}

// MicrosoftRand is the generator of the Microsoft C runtime's rand()
// that Microsoft's FreeCell deals with: srand(seed) sets the 32-bit
// state to seed, and each call sets state = state·214013 + 2531011
// (mod 2³²) and returns bits 16 … 30 of the new state, 0 … 32767. It is
// not safe for concurrent use.
type MicrosoftRand struct{ state uint32 }

// NewMicrosoftRand returns the generator after srand(seed).
func NewMicrosoftRand(seed uint32) MicrosoftRand { return MicrosoftRand{state: seed} }

// Next returns the next value of rand(): 0 … 32767.
func (r *MicrosoftRand) Next() uint32 {
	r.state = r.state*214013 + 2531011
	return r.state >> 16 & 0x7fff
}

// microsoftDeal returns Microsoft's deal of seed.
func microsoftDeal(seed uint32) Deal {
	var deck Deal
	for i := range deck {
		deck[i] = NewCard(Rank(i/NumSuits+1), Suit(i%NumSuits))
	}
	rng := NewMicrosoftRand(seed)
	var d Deal
	for k := range d {
		left := uint32(NumCards - k)
		j := rng.Next() % left
		d[k] = deck[j]
		deck[j] = deck[left-1]
	}
	return d
}

// String returns the deal as 52 space-separated cards.
func (d Deal) String() string { return cards.Join(d[:]) }

// MarshalText implements encoding.TextMarshaler with the deal notation.
func (d Deal) MarshalText() ([]byte, error) { return cards.MarshalDeal(d[:], d.Validate) }

// UnmarshalText implements encoding.TextUnmarshaler; see ParseDeal.
func (d *Deal) UnmarshalText(b []byte) error { return cards.UnmarshalText(d, string(b), ParseDeal) }

// Validate reports whether the deal holds each of the 52 cards once; the
// error wraps ErrNotation.
func (d Deal) Validate() error {
	var seen [NumCards]bool
	for i, c := range d {
		if !c.Valid() {
			return fmt.Errorf("%w: deal position %d holds no card", ErrNotation, i+1)
		}
		if seen[c] {
			return fmt.Errorf("%w: %s is twice in the deal (again at position %d)", ErrNotation, c, i+1)
		}
		seen[c] = true
	}
	return nil
}

// ParseDeal reads a deal: exactly 52 cards in notation separated by
// white space, each card once. Errors wrap ErrNotation and name the first
// problem.
func ParseDeal(s string) (Deal, error) {
	var d Deal
	fields := strings.Fields(s)
	if len(fields) != NumCards {
		return d, fmt.Errorf("%w: a deal is 52 cards, this one has %d", ErrNotation, len(fields))
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
