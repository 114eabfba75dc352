package spider

import (
	"fmt"
)

// Suit is one of the four suits. The order (clubs, diamonds, hearts,
// spades) is the order of the notation's suit letters C D H S.
type Suit uint8

// The four suits.
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
)

// NumSuits is the number of suits.
const NumSuits = 4

const suitLetters = "CDHS"

var suitNames = [NumSuits]string{"clubs", "diamonds", "hearts", "spades"}

// Red reports whether the suit is diamonds or hearts.
func (s Suit) Red() bool { return s == Diamonds || s == Hearts }

// Letter returns the suit's notation letter: C, D, H or S.
func (s Suit) Letter() byte { return suitLetters[s&3] }

// String returns the suit's English name in lower case ("hearts").
func (s Suit) String() string {
	if s >= NumSuits {
		return fmt.Sprintf("Suit(%d)", uint8(s))
	}
	return suitNames[s]
}

// ParseSuit reads a suit letter (C, D, H or S).
func ParseSuit(b byte) (Suit, error) {
	for i := 0; i < NumSuits; i++ {
		if suitLetters[i] == b {
			return Suit(i), nil
		}
	}
	return 0, fmt.Errorf("%w: suit %q is not one of C D H S", ErrNotation, string(b))
}

// Rank is a card's rank, Ace = 1 up to King = 13.
type Rank uint8

// Named ranks.
const (
	Ace   Rank = 1
	Jack  Rank = 11
	Queen Rank = 12
	King  Rank = 13
)

const rankLetters = "A23456789TJQK"

// Letter returns the rank's notation character: A 2 … 9 T J Q K.
func (r Rank) Letter() byte {
	if r < Ace || r > King {
		return '?'
	}
	return rankLetters[r-1]
}

// ParseRank reads a rank character (A 2 3 4 5 6 7 8 9 T J Q K).
func ParseRank(b byte) (Rank, error) {
	for i := 0; i < len(rankLetters); i++ {
		if rankLetters[i] == b {
			return Rank(i + 1), nil
		}
	}
	return 0, fmt.Errorf("%w: rank %q is not one of A 2 3 4 5 6 7 8 9 T J Q K", ErrNotation, string(b))
}

// Card is one of the 52 cards of a standard deck, encoded as
// suit*13 + rank-1 (0 … 51), as in package klondike. Spider plays two
// decks, so each Card appears in a game more than once (see Deal). The
// zero Card is the ace of clubs.
type Card uint8

// deckSize is the number of different cards: one standard deck.
const deckSize = 52

// NumCards is the number of cards in a Spider game: two decks.
const NumCards = 2 * deckSize

// NewCard returns the card of rank r and suit s.
func NewCard(r Rank, s Suit) Card { return Card(uint8(s)*13 + uint8(r) - 1) }

// Rank returns the card's rank.
func (c Card) Rank() Rank { return Rank(c%13 + 1) }

// Suit returns the card's suit.
func (c Card) Suit() Suit { return Suit(c / 13) }

// Red reports whether the card is a diamond or a heart.
func (c Card) Red() bool { return c.Suit().Red() }

// Valid reports whether c is one of the 52 cards of a deck.
func (c Card) Valid() bool { return c < deckSize }

// String returns the card in notation: rank then suit, "TD".
func (c Card) String() string {
	if !c.Valid() {
		return fmt.Sprintf("Card(%d)", uint8(c))
	}
	return string([]byte{c.Rank().Letter(), c.Suit().Letter()})
}

// MarshalText implements encoding.TextMarshaler with the card notation.
func (c Card) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("%w: card %d out of range", ErrNotation, uint8(c))
	}
	return []byte{c.Rank().Letter(), c.Suit().Letter()}, nil
}

// UnmarshalText implements encoding.TextUnmarshaler; see ParseCard.
func (c *Card) UnmarshalText(b []byte) error {
	v, err := ParseCard(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// ParseCard reads a card in notation: exactly a rank character then a
// suit letter ("AS", "TD", "KH"). Anything else is an error wrapping
// ErrNotation.
func ParseCard(s string) (Card, error) {
	if len(s) != 2 {
		return 0, fmt.Errorf("%w: card %q must be two characters, rank then suit (like AS or TD)", ErrNotation, s)
	}
	r, err := ParseRank(s[0])
	if err != nil {
		return 0, fmt.Errorf("card %q: %w", s, err)
	}
	su, err := ParseSuit(s[1])
	if err != nil {
		return 0, fmt.Errorf("card %q: %w", s, err)
	}
	return NewCard(r, su), nil
}
