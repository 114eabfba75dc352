package spider

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

// Card is one of the 52 cards of a standard deck, encoded as
// suit*13 + rank-1 (0 … 51): the Card of package klondike. Spider plays
// two decks, so each Card appears in a game more than once (see Deal).
// The zero Card is the ace of clubs. Its methods: Rank, Suit, Red, Valid
// (one of the 52), String ("TD") and the text methods of encoding, whose
// errors match ErrNotation under errors.Is.
type Card = cards.Card

// deckSize is the number of different cards: one standard deck.
const deckSize = cards.DeckSize

// NumCards is the number of cards in a Spider game: two decks.
const NumCards = 2 * deckSize

// notation reads cards; its errors wrap ErrNotation, which it is.
var notation = cards.NewNotation("spider: bad notation")

// NewCard returns the card of rank r and suit s, as klondike.NewCard.
func NewCard(r Rank, s Suit) Card { return cards.NewCard(r, s) }

// ParseSuit reads a suit letter, as klondike.ParseSuit; its errors wrap
// ErrNotation.
func ParseSuit(b byte) (Suit, error) { return notation.ParseSuit(b) }

// ParseRank reads a rank character, as klondike.ParseRank; its errors
// wrap ErrNotation.
func ParseRank(b byte) (Rank, error) { return notation.ParseRank(b) }

// ParseCard reads a card in notation ("AS", "TD"), as klondike.ParseCard;
// its errors wrap ErrNotation.
func ParseCard(s string) (Card, error) { return notation.ParseCard(s) }
