package freecell

import "github.com/solitaire-race/racer/internal/cards"

// Suit is one of the four suits. The order (clubs, diamonds, hearts,
// spades) is the order of the notation's suit letters C D H S. Its
// methods: Red, Letter (C D H S) and String ("hearts").
type Suit = cards.Suit

// The four suits, and their number.
const (
	Clubs    = cards.Clubs
	Diamonds = cards.Diamonds
	Hearts   = cards.Hearts
	Spades   = cards.Spades
	NumSuits = cards.NumSuits
)

// Rank is a card's rank, Ace = 1 up to King = 13. Its method Letter
// returns the notation character: A 2 … 9 T J Q K.
type Rank = cards.Rank

// Named ranks.
const (
	Ace   = cards.Ace
	Jack  = cards.Jack
	Queen = cards.Queen
	King  = cards.King
)

// Card is one of the 52 cards, encoded as suit*13 + rank-1 (0 … 51): the
// Card of packages klondike and spider. The zero Card is the ace of
// clubs. Its methods: Rank, Suit, Red, Valid (one of the 52), String
// ("TD") and the text methods of encoding, whose errors match
// ErrNotation under errors.Is.
type Card = cards.Card

// NumCards is the number of cards in a game: one deck.
const NumCards = cards.DeckSize

// NoCard marks an empty free cell in a View; it is not Valid.
const NoCard Card = 0xFF

// notation reads cards; its errors wrap ErrNotation, which it is.
var notation = cards.NewNotation("freecell: bad notation")

// NewCard returns the card of rank r and suit s.
func NewCard(r Rank, s Suit) Card { return cards.NewCard(r, s) }

// ParseSuit reads a suit letter (C D H S); its errors wrap ErrNotation.
func ParseSuit(b byte) (Suit, error) { return notation.ParseSuit(b) }

// ParseRank reads a rank character (A 2 … 9 T J Q K); its errors wrap
// ErrNotation.
func ParseRank(b byte) (Rank, error) { return notation.ParseRank(b) }

// ParseCard reads a card in notation ("AS", "TD"); its errors wrap
// ErrNotation.
func ParseCard(s string) (Card, error) { return notation.ParseCard(s) }

// fits reports whether card c may go on card under in a cascade: one rank
// lower and of the other colour.
func fits(c, under Card) bool {
	return under.Rank() == c.Rank()+1 && under.Red() != c.Red()
}
