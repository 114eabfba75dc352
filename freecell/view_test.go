package freecell

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestViewIsThePosition: FreeCell hides nothing, so a View holds every
// card of the State, at every step of random games.
func TestViewIsThePosition(t *testing.T) {
	for _, r := range allProfiles(t) {
		rng := rand.New(rand.NewPCG(4, uint64(r.Cells)))
		s := MustNew(NewDeal(rng.Uint64()), r)
		check := func(s *State) {
			v := s.View()
			n := 0
			for i, col := range v.Cascades {
				if cardList(col) != cardList(s.Cascade(i)) {
					t.Fatalf("cascade %d: view %v, state %v", i+1, col, s.Cascade(i))
				}
				n += len(col)
			}
			if len(v.Cells) != r.Cells {
				t.Fatalf("%d cells in the view, want %d", len(v.Cells), r.Cells)
			}
			for i, c := range v.Cells {
				sc, ok := s.Cell(i)
				if ok && c != sc || !ok && c != NoCard {
					t.Fatalf("cell %d: view %v, state %v %v", i, c, sc, ok)
				}
				if ok {
					n++
				}
			}
			for su, rk := range v.Foundations {
				if rk != s.Foundation(Suit(su)) {
					t.Fatalf("foundation %d: view %d, state %d", su, rk, s.Foundation(Suit(su)))
				}
				n += int(rk)
			}
			if n != NumCards || v.Home != s.Home() || v.Actions != s.Actions() || v.Won != s.Won() {
				t.Fatalf("view counters %+v disagree with the position, or %d cards", v, n)
			}
			if v.String() != s.String() {
				t.Fatal("View().String() differs from State.String()")
			}
		}
		check(&s)
		playRandom(rng, &s, 200, func(_, after *State, _ Move) { check(after) })
	}
}

// TestViewSharesNothing: changing a View's slices leaves the State as it
// was.
func TestViewSharesNothing(t *testing.T) {
	s := position(t, fourCells, base, "7H -- -- --", [NumSuits]uint8{1, 0, 0, 0})
	keep := s
	v := s.View()
	v.Cascades[0][0] = NewCard(Ace, Hearts)
	v.Cells[0] = NoCard
	if s != keep {
		t.Error("changing a View changed the State")
	}
}

func TestViewString(t *testing.T) {
	s := position(t, Rules{Cells: 3}, base, "7H -- --", [NumSuits]uint8{1, 0, 0, 2})
	want := `home 3/52  actions 0
cells: 7H -- --
foundations: AC -- -- 2S
1: KS QH JC TD 9S
2: TH
3:
4: 2C 8D
5: AH
6: 9C
7: 5S 4H 4S
8: KC
`
	if got := s.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	won := position(t, fourCells, [NumCascades]string{}, "", [NumSuits]uint8{13, 13, 13, 13})
	if got := won.String(); !strings.HasPrefix(got, "home 52/52  actions 0  WON\ncells: -- -- -- --\nfoundations: KC KD KH KS\n") {
		t.Errorf("won: got %q", got)
	}
}
