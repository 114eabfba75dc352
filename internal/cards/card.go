package cards

import (
	"fmt"
	"strings"
)

// Card is one of the 52 cards of a standard deck, encoded as
// suit*13 + rank-1 (0 … 51). The zero Card is the ace of clubs. A game
// of two decks holds each Card more than once.
type Card uint8

// DeckSize is the number of different cards: one standard deck.
const DeckSize = 52

// NewCard returns the card of rank r and suit s.
func NewCard(r Rank, s Suit) Card { return Card(uint8(s)*13 + uint8(r) - 1) }

// Rank returns the card's rank.
func (c Card) Rank() Rank { return Rank(c%13 + 1) }

// Suit returns the card's suit.
func (c Card) Suit() Suit { return Suit(c / 13) }

// Red reports whether the card is a diamond or a heart.
func (c Card) Red() bool { return c.Suit().Red() }

// Valid reports whether c is one of the 52 cards of a deck.
func (c Card) Valid() bool { return c < DeckSize }

// String returns the card in notation: rank then suit, "TD".
func (c Card) String() string {
	if !c.Valid() {
		return fmt.Sprintf("Card(%d)", uint8(c))
	}
	return string([]byte{c.Rank().Letter(), c.Suit().Letter()})
}

// MarshalText implements encoding.TextMarshaler with the card notation.
// Its error wraps ErrNotation.
func (c Card) MarshalText() ([]byte, error) { return ErrNotation.MarshalCard(c) }

// UnmarshalText implements encoding.TextUnmarshaler; see
// Notation.ParseCard. Its error wraps ErrNotation.
func (c *Card) UnmarshalText(b []byte) error {
	v, err := ErrNotation.ParseCard(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// Join returns the cards in notation separated by single spaces, the
// text of a deal. A card that is not Valid is written with its rank
// letter (or ?) and the letter of its suit modulo 4; a deal that holds
// one does not validate.
func Join(cs []Card) string {
	var b strings.Builder
	b.Grow(len(cs) * 3)
	for i, c := range cs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte(c.Rank().Letter())
		b.WriteByte(c.Suit().Letter())
	}
	return b.String()
}
