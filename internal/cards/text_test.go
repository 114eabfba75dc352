package cards

import (
	"errors"
	"strings"
	"testing"
)

func TestUnmarshalText(t *testing.T) {
	parse := func(s string) ([]Card, error) {
		var out []Card
		for _, f := range strings.Fields(s) {
			c, err := ErrNotation.ParseCard(f)
			if err != nil {
				return nil, err
			}
			out = append(out, c)
		}
		return out, nil
	}
	v := []Card{NewCard(King, Spades)}
	if err := UnmarshalText(&v, "AC TD", parse); err != nil || Join(v) != "AC TD" {
		t.Errorf("UnmarshalText(AC TD): got %v, %v; want AC TD", v, err)
	}
	if err := UnmarshalText(&v, "AC ZZ", parse); !errors.Is(err, ErrNotation) || Join(v) != "AC TD" {
		t.Errorf("UnmarshalText(AC ZZ): got %v, %v; want ErrNotation and no change", v, err)
	}
	var c Card
	if err := UnmarshalText(&c, []byte("QH"), func(b []byte) (Card, error) { return ErrNotation.ParseCard(string(b)) }); err != nil || c != NewCard(Queen, Hearts) {
		t.Errorf("UnmarshalText([]byte QH): got %v, %v; want QH", c, err)
	}
}

func TestMarshalDeal(t *testing.T) {
	deal := []Card{NewCard(Ace, Spades), NewCard(10, Diamonds)}
	b, err := MarshalDeal(deal, func() error { return nil })
	if err != nil || string(b) != "AS TD" {
		t.Errorf("MarshalDeal: got %q, %v; want AS TD", b, err)
	}
	bad := errors.New("not a deal")
	if b, err := MarshalDeal(deal, func() error { return bad }); err != bad || b != nil {
		t.Errorf("MarshalDeal of an invalid deal: got %q, %v; want nil, its error", b, err)
	}
}
