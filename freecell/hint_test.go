package freecell

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestHintIsLegal: along random games the hint is a legal move whenever
// there is one, and none otherwise.
func TestHintIsLegal(t *testing.T) {
	for _, s := range randomPositions(8, fourCells, 200, 150) {
		m, ok := Hint(&s)
		if ok != (len(s.Moves()) > 0) {
			t.Fatalf("Hint ok %v with %d legal moves\n%s", ok, len(s.Moves()), &s)
		}
		if ok && !slices.Contains(s.Moves(), m) {
			t.Fatalf("Hint %v is not legal\n%s", m, &s)
		}
	}
}

func TestHintPrefers(t *testing.T) {
	tests := []struct {
		name  string
		cols  [NumCascades]string
		cells string
		home  [NumSuits]uint8
		want  string
	}{
		{"a safe move home", [NumCascades]string{"KS QH", "5C", "9D AH"}, "", [4]uint8{}, "3-F"},
		{"a move home that is not safe, before the rest", [NumCascades]string{"KS QH", "5C", "9D 5H"}, "", [4]uint8{0, 0, 4, 0}, "3-F"},
		{"uncover the next card", [NumCascades]string{"AD 8C", "9H", "KS"}, "", [4]uint8{}, "1-2"},
		{"uncover it through a cell when nothing takes the card", [NumCascades]string{"AD 8C", "9C", "KS"}, "", [4]uint8{}, "1-a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := position(t, fourCells, tt.cols, tt.cells, tt.home)
			if m, ok := Hint(&s); !ok || m.String() != tt.want {
				t.Errorf("got %v %v, want %s", m, ok, tt.want)
			}
		})
	}
}

// TestHintsPlayOn: following hints from Microsoft's deals puts cards home.
func TestHintsPlayOn(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	most := 0
	for range 10 {
		s := MustNew(NewDeal(uint64(rng.IntN(32000)+1)), fourCells)
		for range 300 {
			m, ok := Hint(&s)
			if !ok {
				break
			}
			if err := s.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
		most = max(most, s.Home())
	}
	if most < 8 {
		t.Errorf("hints put at most %d cards home in 10 deals", most)
	}
}
