package klondike

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// visibleCards returns the cards a player of s may see: face-up column
// cards and the shown top of the waste.
func visibleCards(s *State) map[Card]bool {
	out := map[Card]bool{}
	for i := range s.b.cols {
		c := &s.b.cols[i]
		for _, card := range c.cards[c.down:c.n] {
			out[card] = true
		}
	}
	shown := min(int(s.b.nWaste), s.rules.Draw)
	for _, card := range s.b.waste[int(s.b.nWaste)-shown : s.b.nWaste] {
		out[card] = true
	}
	return out
}

// viewCards returns every card a View holds.
func viewCards(v View) []Card {
	var out []Card
	for _, c := range v.Columns {
		out = append(out, c.Up...)
	}
	return append(out, v.Waste...)
}

// shuffleHidden returns s with its face-down column cards and its stock
// dealt again in a random order: a position no player can tell from s.
func shuffleHidden(rng *rand.Rand, s State) State {
	var hidden []Card
	for i := range s.b.cols {
		c := &s.b.cols[i]
		hidden = append(hidden, c.cards[:c.down]...)
	}
	hidden = append(hidden, s.b.stock[:s.b.nStock]...)
	rng.Shuffle(len(hidden), func(i, j int) { hidden[i], hidden[j] = hidden[j], hidden[i] })
	for i := range s.b.cols {
		c := &s.b.cols[i]
		n := copy(c.cards[:c.down], hidden)
		hidden = hidden[n:]
	}
	copy(s.b.stock[:s.b.nStock], hidden)
	return s
}

// TestViewHidesFaceDownCards plays random games under every profile and
// checks that no View holds a face-down card or a card of the stock, and
// that positions differing only in their hidden cards look the same.
func TestViewHidesFaceDownCards(t *testing.T) {
	for _, r := range allProfiles(t) {
		t.Run(r.Name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(3, uint64(len(r.Name))))
			check := func(s *State) {
				v := s.View()
				vis := visibleCards(s)
				for _, c := range viewCards(v) {
					if !vis[c] {
						t.Fatalf("view holds %v, which the player cannot see\n%s", c, s)
					}
				}
				text := v.String()
				for i := range s.b.cols {
					c := &s.b.cols[i]
					for _, card := range c.cards[:c.down] {
						if strings.Contains(text, card.String()) {
							t.Fatalf("view text shows face-down %v:\n%s", card, text)
						}
					}
					if v.Columns[i].Down != int(c.down) || !slices.Equal(v.Columns[i].Up, c.cards[c.down:c.n]) {
						t.Fatalf("column %d: view %+v, state %v with %d down", i+1, v.Columns[i], c.cards[:c.n], c.down)
					}
				}
				for _, card := range s.b.stock[:s.b.nStock] {
					if strings.Contains(text, card.String()) {
						t.Fatalf("view text shows stock card %v:\n%s", card, text)
					}
				}
				if v.Stock != s.StockLen() || v.WasteSize != s.WasteLen() || v.Actions != s.Actions() || v.PassesUsed != s.PassesUsed() || v.PassesLeft != s.PassesLeft() || v.Score != s.Score() || v.Won != s.Won() {
					t.Fatalf("view counters %+v disagree with the state", v)
				}
				for su := Suit(0); su < NumSuits; su++ {
					if v.Foundations[su] != s.Foundation(su) {
						t.Fatalf("view foundation %v: %d, want %d", su, v.Foundations[su], s.Foundation(su))
					}
				}
				other := shuffleHidden(rng, *s)
				if invariantError(&other) != "" {
					t.Fatalf("shuffleHidden broke the position: %s", invariantError(&other))
				}
				if w := other.View(); !reflect.DeepEqual(v, w) {
					t.Fatalf("views differ for positions differing only in hidden cards:\n%s\n%s", v, w)
				}
			}
			for range 6 {
				s := MustNew(NewDeal(rng.Uint64()), r)
				check(&s)
				playRandom(rng, &s, 250, func(_, after *State, _ Move) { check(after) })
			}
		})
	}
}

// TestViewSameForHiddenDealOrder plays a random game, then permutes in the
// deal the cards that no view of that game ever showed, and replays it:
// every move stays legal and every view is the same.
func TestViewSameForHiddenDealOrder(t *testing.T) {
	for _, r := range allProfiles(t) {
		t.Run(r.Name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(4, uint64(len(r.Name))))
			permuted := 0
			for range 20 {
				d := NewDeal(rng.Uint64())
				s := MustNew(d, r)
				seen := visibleCards(&s)
				views := []View{s.View()}
				var moves []Move
				playRandom(rng, &s, 1+rng.IntN(150), func(_, after *State, m Move) {
					moves = append(moves, m)
					views = append(views, after.View())
					for c := range visibleCards(after) {
						seen[c] = true
					}
				})
				var pos []int
				for i, c := range d {
					if !seen[c] {
						pos = append(pos, i)
					}
				}
				if len(pos) < 2 {
					continue
				}
				d2 := d
				for i, p := range pos { // rotate the hidden cards by one place
					d2[p] = d[pos[(i+1)%len(pos)]]
				}
				permuted++
				s2 := MustNew(d2, r)
				if !reflect.DeepEqual(s2.View(), views[0]) {
					t.Fatalf("start views differ")
				}
				for i, m := range moves {
					if err := s2.Apply(m); err != nil {
						t.Fatalf("move %d %v legal in the deal, not in the permuted one: %v", i, m, err)
					}
					if !reflect.DeepEqual(s2.View(), views[i+1]) {
						t.Fatalf("after move %d %v views differ:\n%s\n%s", i, m, views[i+1], s2.View())
					}
				}
			}
			if permuted < 10 {
				t.Errorf("permuted %d games, want at least 10", permuted)
			}
		})
	}
}

func TestViewWaste(t *testing.T) {
	for _, tt := range []struct {
		profile string
		draws   int
		want    int
	}{
		{"relaxed-1", 3, 1},
		{"relaxed-3", 1, 3},
		{"relaxed-3", 2, 3},
	} {
		s := MustNew(NewDeal(9), mustProfile(t, tt.profile))
		for range tt.draws {
			engine.Play(t, &s, "D")
		}
		v := s.View()
		w := s.Waste()
		if !slices.Equal(v.Waste, w[len(w)-tt.want:]) || v.WasteSize != len(w) {
			t.Errorf("%s after %d draws: view waste %v of %d, want %v of %d", tt.profile, tt.draws, v.Waste, v.WasteSize, w[len(w)-tt.want:], len(w))
		}
	}
}
