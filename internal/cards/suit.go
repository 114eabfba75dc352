package cards

import "fmt"

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
