package spider

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// hideShuffle returns s with its hidden cards (face-down cards of every
// column and the whole stock) shuffled among their places: a position a
// player cannot tell from s.
func hideShuffle(rng *rand.Rand, s State) State {
	var places []*Card
	for i := range s.b.cols {
		c := &s.b.cols[i]
		for j := range c.down {
			places = append(places, &c.cards[j])
		}
	}
	for j := stockSize - int(s.b.nStock); j < stockSize; j++ {
		places = append(places, &s.b.stock[j])
	}
	rng.Shuffle(len(places), func(i, j int) { *places[i], *places[j] = *places[j], *places[i] })
	return s
}

// TestViewHidesHiddenCards: two positions that differ only in their
// face-down cards and stock order give the same View, value and text, at
// every step of random games; and a View shows exactly the face-up cards.
func TestViewHidesHiddenCards(t *testing.T) {
	t.Parallel() // the package's two longest tests overlap
	games := 3
	if testing.Short() {
		games = 1
	}
	for _, r := range allProfiles(t) {
		rng := rand.New(rand.NewPCG(4, uint64(r.Suits)))
		differ := 0
		for range games {
			s := MustNew(NewDeal(rng.Uint64(), r.Suits), r)
			check := func(s *State) {
				v := s.View()
				other := hideShuffle(rng, *s)
				if other != *s {
					differ++
				}
				if w := other.View(); !reflect.DeepEqual(v, w) || v.String() != w.String() {
					t.Fatalf("%s: the view depends on hidden cards:\n%s\n%s", r.Name(), v, w)
				}
				for i, c := range v.Columns {
					if c.Down != s.FaceDown(i) || cardList(c.Up, "") != upText(s, i) {
						t.Fatalf("column %d: view %d down %v, want %d down %s", i+1, c.Down, c.Up, s.FaceDown(i), upText(s, i))
					}
				}
				if v.Stock != s.StockLeft() || v.Completed != s.Completed() || v.Actions != s.Actions() || v.Won != s.Won() ||
					!reflect.DeepEqual(v.CompletedSuits, s.CompletedSuits()) {
					t.Fatalf("view counters %+v disagree with the position", v)
				}
			}
			check(&s)
			playRandom(rng, &s, 300, func(_, after *State, _ Move) { check(after) })
		}
		if differ < 100 {
			t.Errorf("%s: only %d shuffles changed hidden cards", r.Name(), differ)
		}
	}
}

// TestViewSharesNothing: changing a View's slices leaves the State as it
// was.
func TestViewSharesNothing(t *testing.T) {
	s := position(t, permissive, [NumColumns]string{"(5H) 9S 8H", "TC", "KD", "QD", "JD", "TD", "9D", "8D", "7D", "6D"}, "", "SH")
	keep := s
	v := s.View()
	v.Columns[0].Up[0] = NewCard(Ace, Clubs)
	v.CompletedSuits[0] = Clubs
	if s != keep || s.View().Columns[0].Up[0] != NewCard(9, Spades) || s.CompletedSuits()[0] != Spades {
		t.Error("changing a View changed the State")
	}
}

func TestViewString(t *testing.T) {
	s := position(t, permissive, [NumColumns]string{"(5H) (AS) 9S 8H", "TC", "KD", "QD", "JD", "TD", "9D", "8D", "7D", "6D"},
		"2C 3C 4C 5C 6C 7C 8C 9C TC JC", "SH")
	want := `completed 2/8 (SH)  actions 0
stock: 10 cards (1 deals)
 1: ?? ?? 9S 8H
 2: TC
 3: KD
 4: QD
 5: JD
 6: TD
 7: 9D
 8: 8D
 9: 7D
10: 6D
`
	if got := s.View().String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := s.View().String(); strings.Contains(got, "5H") || strings.Contains(got, "2C") {
		t.Error("the view text shows a hidden card")
	}
	full := s.String()
	for _, w := range []string{" 1: (5H) (AS) 9S 8H\n", "stock: 2C 3C 4C", "completed 2/8 (SH)"} {
		if !strings.Contains(full, w) {
			t.Errorf("State.String lacks %q:\n%s", w, full)
		}
	}
}
