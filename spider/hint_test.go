package spider

import (
	"math/rand/v2"
	"testing"
)

func TestHint(t *testing.T) {
	stock := "2C 3C 4C 5C 6C 7C 8C 9C TC JC"
	tests := []struct {
		name  string
		rules Rules
		cols  [NumColumns]string
		stock string
		want  string
	}{
		{"turning a card up beats joining a suit", permissive,
			[NumColumns]string{"(5H) 8S", "9H", "(3D) KD 7S", "8S", "KC", "KC", "KC", "KC", "KC", "KC"}, stock, "1-2"},
		{"joining a suit beats other moves", permissive,
			[NumColumns]string{"KC QD 8S", "9H", "9S", "KS QH 8H", "KC", "KC", "KC", "KC", "KC", "KC"}, stock, "1-3"},
		{"completing a run beats all", permissive,
			[NumColumns]string{"(5H) 8S", "9H", "KS QS JS TS 9S 8S 7S", "(2C) 6S 5S 4S 3S 2S AS", "KC", "KC", "KC", "KC", "KC", "KC"}, stock, "4-3x6"},
		{"a run joining another where it lay on nothing", permissive,
			[NumColumns]string{"KC QD 8S", "9H", "KH", "KH", "KC", "KC", "KC", "KC", "KC", "KC"}, stock, "1-2"},
		{"the deal when nothing on the table helps", permissive, backAndForth, stock, "D"},
		{"no shuffle between equal ranks, no whole column to an empty one", permissive,
			[NumColumns]string{"KC 9D 8S", "KC 9C", "KD", "KH", "KC", "KC", "KC", "KC", "KC", "KC"}, stock, "D"},
		{"fill the empty column from the longest column", permissive,
			[NumColumns]string{"KC QD", "", "5C", "KH QS JC", "KC", "KC", "KC", "KC", "KC", "KC"}, stock, "4-2"},
		{"standard: only one-suit groups", standard,
			[NumColumns]string{"(5H) 9D 8S", "9S", "TC", "KD", "KC", "KC", "KC", "KC", "KC", "KC"}, stock, "1-2"},
		{"permissive: the whole run", permissive,
			[NumColumns]string{"(5H) 9D 8S", "9S", "TC", "KD", "KC", "KC", "KC", "KC", "KC", "KC"}, stock, "1-3x2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := position(t, tt.rules, tt.cols, tt.stock, "")
			m, ok := Hint(&s)
			if !ok || m.String() != tt.want {
				t.Errorf("got %v %v, want %s\n%s", m, ok, tt.want, &s)
			}
		})
	}
	s := position(t, permissive, [NumColumns]string{"(5H) 9S", "(4C) 9C", "(3D) KD", "(2H) KH", "(AH) JD", "(6C) JH", "(7C) 7D", "(8C) 7H", "(9C) 5D", "(TC) 5H"}, "", "")
	if m, ok := Hint(&s); ok {
		t.Errorf("no legal move, got hint %v", m)
	}
}

// TestHintIsLegal: along random games the hint is always a legal move,
// there is one whenever a move is legal, and following hints alone
// makes progress in most games.
func TestHintIsLegal(t *testing.T) {
	for _, r := range allProfiles(t) {
		rng := rand.New(rand.NewPCG(9, uint64(r.Suits)<<8|uint64(r.Groups)))
		for range 3 {
			s := MustNew(NewDeal(rng.Uint64(), r.Suits), r)
			playRandom(rng, &s, 300, func(_, after *State, _ Move) {
				m, ok := Hint(after)
				if ok != (len(after.Moves()) > 0) || ok && !after.Legal(m) {
					t.Fatalf("%s: hint %v %v, legal moves %v\n%s", r.Name(), m, ok, after.Moves(), after)
				}
			})
		}
	}
	// Hints alone, in the 1-suit game, turn cards up and complete runs.
	r := mustProfile(t, "spider-1")
	s := MustNew(NewDeal(42, 1), r)
	for range 400 {
		m, ok := Hint(&s)
		if !ok {
			break
		}
		if err := s.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	if s.FaceDownCount() > 30 || s.StockLeft() > 0 {
		t.Errorf("400 hints left %d cards face down and %d in the stock", s.FaceDownCount(), s.StockLeft())
	}
	t.Logf("400 hints on seed 42, spider-1: %d runs completed, %d face down", s.Completed(), s.FaceDownCount())
}
