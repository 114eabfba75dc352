package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/solitaire-race/racer/klondike"
)

// TestImagineKeepsWhatIsSeen checks that an imagined deal holds every
// card once and keeps every card the bot has seen where it saw it: the
// face-up cards, the talon cards it knows and the foundations.
func TestImagineKeepsWhatIsSeen(t *testing.T) {
	for _, name := range []string{"bvs", "classic", "relaxed-3"} {
		r := profile(t, name)
		rng := rand.New(rand.NewPCG(1, 2))
		for i, s := range randomPositions(t, r, 100, 150) {
			v := s.View()
			b := fromView(&v, nil, r.Draw)
			h := newHindsight(1, newSearcher(r.FoundationToColumn, 10, defaultWeights))
			h.unseen = b.unseen(nil)
			d := b
			h.imagine(&d, rng)
			var seen [klondike.NumCards]int
			for c := range d.cols {
				p, q := &d.cols[c], &b.cols[c]
				if p.up != q.up || p.n != q.n || p.down != q.down {
					t.Fatalf("%s position %d: column %d changed", name, i, c+1)
				}
				for _, x := range p.hid[:p.down] {
					seen[x]++
				}
				for _, x := range p.up[:p.n] {
					seen[x]++
				}
			}
			for j, x := range d.talon[:d.nTalon] {
				if k := b.talon[j]; k != unknown && k != x {
					t.Fatalf("%s position %d: talon card %d is %v, seen %v", name, i, j, x, k)
				}
				seen[x]++
			}
			for su, n := range d.found {
				for rk := 1; rk <= int(n); rk++ {
					seen[klondike.NewCard(klondike.Rank(rk), klondike.Suit(su))]++
				}
			}
			for c, n := range seen {
				if n != 1 {
					t.Fatalf("%s position %d: %v held %d times in the imagined deal, want 1", name, i, klondike.Card(c), n)
				}
			}
		}
	}
}
