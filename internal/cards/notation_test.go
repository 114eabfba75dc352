package cards

import (
	"errors"
	"testing"
)

func TestNotationErrors(t *testing.T) {
	game := NewNotation("game: bad notation")
	tests := []struct {
		in, want string
	}{
		{"", `game: bad notation: card "" must be two characters, rank then suit (like AS or TD)`},
		{"A", `game: bad notation: card "A" must be two characters, rank then suit (like AS or TD)`},
		{"ASS", `game: bad notation: card "ASS" must be two characters, rank then suit (like AS or TD)`},
		{"as", `card "as": game: bad notation: rank "a" is not one of A 2 3 4 5 6 7 8 9 T J Q K`},
		{"1S", `card "1S": game: bad notation: rank "1" is not one of A 2 3 4 5 6 7 8 9 T J Q K`},
		{"AX", `card "AX": game: bad notation: suit "X" is not one of C D H S`},
		{"??", `card "??": game: bad notation: rank "?" is not one of A 2 3 4 5 6 7 8 9 T J Q K`},
	}
	for _, tt := range tests {
		_, err := game.ParseCard(tt.in)
		if err == nil || err.Error() != tt.want {
			t.Errorf("ParseCard(%q): got %v, want %s", tt.in, err, tt.want)
		}
		if !errors.Is(err, game) {
			t.Errorf("ParseCard(%q): got %v, want an error wrapping the game's Notation", tt.in, err)
		}
	}
	if _, err := game.MarshalCard(DeckSize); err == nil || err.Error() != "game: bad notation: card 52 out of range" || !errors.Is(err, game) {
		t.Errorf("MarshalCard(52): got %v, want the game's out-of-range error", err)
	}
}

// TestNotationIs checks which sentinels match: Card's own errors match
// every game's Notation, a game's errors only its own.
func TestNotationIs(t *testing.T) {
	a, b := NewNotation("a: bad notation"), NewNotation("b: bad notation")
	var c Card
	own := c.UnmarshalText([]byte("ZZ"))
	_, ofA := a.ParseCard("ZZ")
	tests := []struct {
		name   string
		err    error
		target error
		want   bool
	}{
		{"Card's error, ErrNotation", own, ErrNotation, true},
		{"Card's error, game a", own, a, true},
		{"Card's error, game b", own, b, true},
		{"a's error, a", ofA, a, true},
		{"a's error, b", ofA, b, false},
		{"a's error, ErrNotation", ofA, ErrNotation, false},
		{"another error, a", errors.New("a: bad notation"), a, false},
	}
	for _, tt := range tests {
		if got := errors.Is(tt.err, tt.target); got != tt.want {
			t.Errorf("%s: errors.Is(%v, %v) = %v, want %v", tt.name, tt.err, tt.target, got, tt.want)
		}
	}
	if a.Error() != "a: bad notation" || ErrNotation.Error() != "cards: bad notation" {
		t.Errorf("messages: got %q, %q", a.Error(), ErrNotation.Error())
	}
}
