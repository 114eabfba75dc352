package klondike

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"
)

// positionOf returns the whole position of s.
func positionOf(s *State) Position {
	var p Position
	for i := range p.Columns {
		p.Columns[i] = s.Column(i)
		p.Down[i] = s.FaceDown(i)
	}
	p.Stock, p.Waste = s.Stock(), s.Waste()
	for su := range p.Foundations {
		p.Foundations[su] = s.Foundation(Suit(su))
	}
	p.PassesUsed = s.PassesUsed()
	return p
}

// TestFromPositionRoundTrip plays random games under every profile and
// checks at each position that the State built from its whole position
// shows the same view (counters aside) and allows the same moves.
func TestFromPositionRoundTrip(t *testing.T) {
	for _, r := range allProfiles(t) {
		t.Run(r.Name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, 8))
			for seed := uint64(1); seed <= 10; seed++ {
				s := MustNew(NewDeal(seed), r)
				for range 150 {
					got, err := FromPosition(positionOf(&s), r)
					if err != nil {
						t.Fatalf("seed %d, action %d: %v", seed, s.Actions(), err)
					}
					checkInvariants(t, &got)
					gv, wv := got.View(), s.View()
					gv.Actions, gv.Score, wv.Actions, wv.Score = 0, 0, 0, 0
					if !reflect.DeepEqual(gv, wv) {
						t.Fatalf("seed %d, action %d: view\n%v\nwant\n%v", seed, s.Actions(), gv, wv)
					}
					var b1, b2 [64]Move
					if g, w := got.Moves(b1[:0]), s.Moves(b2[:0]); !reflect.DeepEqual(g, w) {
						t.Fatalf("seed %d, action %d: moves %v, want %v", seed, s.Actions(), g, w)
					}
					m, ok := randomMove(rng, &s)
					if !ok {
						break
					}
					if err := s.Apply(m); err != nil {
						t.Fatal(err)
					}
				}
			}
		})
	}
}

// TestFromPositionRejects checks that positions no game reaches are
// refused with ErrPosition.
func TestFromPositionRejects(t *testing.T) {
	r, _ := Profile("bvs")
	s := MustNew(NewDeal(3), r)
	base := positionOf(&s)
	tests := []struct {
		name   string
		change func(p *Position)
	}{
		{"card missing", func(p *Position) { p.Stock = p.Stock[1:] }},
		{"card twice", func(p *Position) { p.Stock[0] = p.Stock[1] }},
		{"no face-up card", func(p *Position) { p.Down[6] = 7 }},
		{"more face down than cards", func(p *Position) { p.Down[0] = 2 }},
		{"foundation over 13", func(p *Position) { p.Foundations[0] = 14 }},
		{"foundation card also in play", func(p *Position) { p.Foundations[0] = 1 }},
		{"no pass begun", func(p *Position) { p.PassesUsed = 0 }},
		{"too many passes", func(p *Position) { p.PassesUsed = 4 }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := base
			p.Stock = append([]Card(nil), base.Stock...)
			tt.change(&p)
			if _, err := FromPosition(p, r); !errors.Is(err, ErrPosition) {
				t.Errorf("got %v, want ErrPosition", err)
			}
		})
	}
	if _, err := FromPosition(base, r); err != nil {
		t.Errorf("the deal's own position: %v", err)
	}
}
