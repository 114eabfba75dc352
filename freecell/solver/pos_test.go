package solver

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/solitaire-race/racer/freecell"
)

// keyOf returns the key fromState computes for s.
func keyOf(s freecell.State) uint64 {
	p := fromState(&s)
	return p.key
}

// TestKeyIgnoresOrder: positions that differ only in the order of their
// cascades or of their free cells have one key; others do not.
func TestKeyIgnoresOrder(t *testing.T) {
	s := deal(t, "freecell", 1)
	for _, text := range []string{"6-a", "6-c", "6-F", "6-F", "5-d"} {
		m, _ := freecell.ParseMove(text)
		if err := s.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	var cols [freecell.NumCascades][]freecell.Card
	for i := range cols {
		cols[i] = s.Cascade(i)
	}
	var cells []freecell.Card
	for i := range freecell.MaxCells {
		c, ok := s.Cell(i)
		if !ok {
			c = freecell.NoCard
		}
		cells = append(cells, c)
	}
	home := [freecell.NumSuits]int{1, 0, 0, 1}
	rng := rand.New(rand.NewPCG(1, 2))
	want := keyOf(s)
	for range 20 {
		pc, pl := cols, slices.Clone(cells)
		rng.Shuffle(len(pc), func(i, j int) { pc[i], pc[j] = pc[j], pc[i] })
		rng.Shuffle(len(pl), func(i, j int) { pl[i], pl[j] = pl[j], pl[i] })
		other, err := freecell.NewPosition(s.Rules(), pc, pl, home)
		if err != nil {
			t.Fatal(err)
		}
		if got := keyOf(other); got != want {
			t.Fatalf("a permutation of cascades and cells has key %x, want %x", got, want)
		}
	}
	// Moving the top card of cascade 1 to cascade 8's end changes the key.
	moved := cols
	moved[0] = cols[0][:len(cols[0])-1]
	moved[7] = append(slices.Clone(cols[7]), cols[0][len(cols[0])-1])
	other, err := freecell.NewPosition(s.Rules(), moved, cells, home)
	if err != nil {
		t.Fatal(err)
	}
	if keyOf(other) == want {
		t.Error("a different position has the same key")
	}
}

// TestPlayUnplay: playing moves (with their safe moves) and undoing them
// restores the position and its key, and the key kept up to date is the
// key computed afresh.
func TestPlayUnplay(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20 {
		s := deal(t, "freecell-3", rng.Uint64())
		p := fromState(&s)
		hist := p.autoMoves(nil)
		var marks []int
		var saved []pos
		for range 60 {
			ms := p.gen(nil)
			if len(ms) == 0 {
				break
			}
			saved = append(saved, p)
			marks = append(marks, len(hist))
			hist = p.play(ms[rng.IntN(len(ms))], hist)
			fresh := fromState(stateOf(t, p))
			if fresh.key != p.key {
				t.Fatalf("kept key %x, fresh %x", p.key, fresh.key)
			}
		}
		for i := len(marks) - 1; i >= 0; i-- {
			hist = p.unplay(hist, marks[i])
			if !samePos(&p, &saved[i]) {
				t.Fatalf("undo %d did not restore the position", i)
			}
		}
	}
}

// stateOf returns the engine position of p.
func stateOf(t testing.TB, p pos) *freecell.State {
	t.Helper()
	var cols [freecell.NumCascades][]freecell.Card
	for i := range cols {
		for _, c := range p.cols[i][:p.n[i]] {
			cols[i] = append(cols[i], freecell.Card(c))
		}
	}
	var cells []freecell.Card
	for _, c := range p.cells[:p.nCells] {
		cells = append(cells, freecell.Card(c))
	}
	var home [freecell.NumSuits]int
	for su, h := range p.home {
		home[su] = int(h)
	}
	s, err := freecell.NewPosition(freecell.Rules{Cells: int(p.nCells)}, cols, cells, home)
	if err != nil {
		t.Fatal(err)
	}
	return &s
}

// samePos reports whether a and b hold the same cards in the same places
// with the same key.
func samePos(a, b *pos) bool {
	if a.n != b.n || a.cells != b.cells || a.home != b.home || a.key != b.key {
		return false
	}
	for i := range a.cols {
		if !slices.Equal(a.cols[i][:a.n[i]], b.cols[i][:b.n[i]]) {
			return false
		}
	}
	return true
}

// TestGenMatchesEngine: the solver's moves are legal engine moves, and
// every legal engine move the solver leaves out reaches the key of a
// position one of its moves reaches, or of the position itself.
func TestGenMatchesEngine(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	checked := 0
	for range 30 {
		s := deal(t, "freecell", rng.Uint64())
		for range 80 {
			p := fromState(&s)
			if len(p.autoMoves(nil)) == 0 {
				ms := p.gen(nil)
				// A whole cascade moved to an empty one is the position
				// itself, up to the order of the cascades.
				keys := map[uint64]bool{p.key: true}
				for _, m := range ms {
					em := freecell.NewMove(freecell.Place(m.from), freecell.Place(m.to), int(m.n))
					if !s.Legal(em) {
						t.Fatalf("the solver's move %v is not legal\n%s", em, &s)
					}
					q := p
					q.transfer(m.from, m.to, m.n, 0)
					keys[q.key] = true
				}
				for _, em := range s.Moves() {
					next := s
					_ = next.Apply(em)
					if !keys[keyOf(next)] {
						t.Fatalf("legal %v reaches a key no solver move reaches\n%s", em, &s)
					}
				}
				checked++
			}
			ms := s.Moves()
			if len(ms) == 0 {
				break
			}
			_ = s.Apply(ms[rng.IntN(len(ms))])
		}
	}
	if checked < 100 {
		t.Errorf("checked %d positions", checked)
	}
}

// TestSafeMatchesEngine: the solver's safe is the engine's SafeHome, for
// every card over every height of the foundations.
func TestSafeMatchesEngine(t *testing.T) {
	var p pos
	for h := range 14 * 14 * 14 * 14 {
		p.home = [freecell.NumSuits]uint8{uint8(h % 14), uint8(h / 14 % 14), uint8(h / 196 % 14), uint8(h / 2744)}
		for c := range uint8(freecell.NumCards) {
			if got, want := p.safe(c), freecell.SafeHome(&p.home, freecell.Card(c)); got != want {
				t.Fatalf("%s over %v: solver %v, engine %v", freecell.Card(c), p.home, got, want)
			}
		}
	}
}
