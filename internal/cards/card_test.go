package cards

import (
	"encoding"
	"errors"
	"testing"
)

var (
	_ encoding.TextMarshaler   = Card(0)
	_ encoding.TextUnmarshaler = (*Card)(nil)
)

func TestCardNotation(t *testing.T) {
	for c := Card(0); c < DeckSize; c++ {
		got, err := ErrNotation.ParseCard(c.String())
		if err != nil || got != c {
			t.Errorf("ParseCard(%q) = %v, %v; want %v", c.String(), got, err, c)
		}
		if NewCard(c.Rank(), c.Suit()) != c {
			t.Errorf("NewCard(%v, %v) = %v, want %v", c.Rank(), c.Suit(), NewCard(c.Rank(), c.Suit()), c)
		}
		b, err := c.MarshalText()
		var back Card
		if err != nil || back.UnmarshalText(b) != nil || back != c {
			t.Errorf("text round trip of %v: %q, %v", c, b, err)
		}
	}
	tests := []struct {
		c    Card
		want string
	}{
		{NewCard(Ace, Clubs), "AC"},
		{NewCard(10, Diamonds), "TD"},
		{NewCard(Queen, Hearts), "QH"},
		{NewCard(King, Spades), "KS"},
		{DeckSize, "Card(52)"},
		{60, "Card(60)"},
	}
	for _, tt := range tests {
		if got := tt.c.String(); got != tt.want {
			t.Errorf("Card(%d).String(): got %q, want %q", uint8(tt.c), got, tt.want)
		}
	}
	if c := NewCard(Queen, Hearts); c.Rank() != Queen || c.Suit() != Hearts || c != 37 {
		t.Errorf("QH: got %d, rank %d, suit %v; want 37, rank 12, hearts", uint8(c), c.Rank(), c.Suit())
	}
	if !NewCard(Ace, Hearts).Red() || !NewCard(King, Diamonds).Red() || NewCard(Ace, Spades).Red() || NewCard(King, Clubs).Red() {
		t.Error("colours wrong")
	}
	if Card(0) != NewCard(Ace, Clubs) {
		t.Errorf("zero card: got %v, want AC", Card(0))
	}
}

func TestCardText(t *testing.T) {
	var c Card
	if err := c.UnmarshalText([]byte("QH")); err != nil || c != NewCard(Queen, Hearts) {
		t.Errorf("UnmarshalText(QH) = %v, %v", c, err)
	}
	if b, err := c.MarshalText(); err != nil || string(b) != "QH" {
		t.Errorf("MarshalText = %q, %v; want QH", b, err)
	}
	if err := c.UnmarshalText([]byte("QQ")); !errors.Is(err, ErrNotation) || c != NewCard(Queen, Hearts) {
		t.Errorf("UnmarshalText(QQ): got %v, card %v; want ErrNotation and no change", err, c)
	}
	if _, err := Card(DeckSize).MarshalText(); !errors.Is(err, ErrNotation) {
		t.Errorf("MarshalText(Card(52)): got %v, want ErrNotation", err)
	}
}

func TestSuitsAndRanks(t *testing.T) {
	for s := Suit(0); s < NumSuits; s++ {
		got, err := ErrNotation.ParseSuit(s.Letter())
		if err != nil || got != s {
			t.Errorf("ParseSuit(%q) = %v, %v; want %v", s.Letter(), got, err, s)
		}
	}
	if got := Suit(7).String(); got != "Suit(7)" || Hearts.String() != "hearts" || Clubs.String() != "clubs" {
		t.Errorf("suit names: got %q, %q, %q", got, Hearts.String(), Clubs.String())
	}
	if Diamonds.Letter() != 'D' || !Diamonds.Red() || Spades.Red() {
		t.Errorf("diamonds: letter %q, red %v; spades red %v", Diamonds.Letter(), Diamonds.Red(), Spades.Red())
	}
	for r := Ace; r <= King; r++ {
		got, err := ErrNotation.ParseRank(r.Letter())
		if err != nil || got != r {
			t.Errorf("ParseRank(%q) = %v, %v; want %v", r.Letter(), got, err, r)
		}
	}
	if Rank(0).Letter() != '?' || Rank(14).Letter() != '?' || King.Letter() != 'K' || Rank(10).Letter() != 'T' {
		t.Error("rank letters wrong")
	}
}

func TestJoin(t *testing.T) {
	tests := []struct {
		in   []Card
		want string
	}{
		{nil, ""},
		{[]Card{NewCard(10, Diamonds)}, "TD"},
		{[]Card{NewCard(Ace, Spades), NewCard(King, Hearts), 0}, "AS KH AC"},
		{[]Card{60}, "9C"}, // not a card: rank 60%13+1, suit 60/13 mod 4
	}
	for _, tt := range tests {
		if got := Join(tt.in); got != tt.want {
			t.Errorf("Join(%v): got %q, want %q", tt.in, got, tt.want)
		}
	}
}
