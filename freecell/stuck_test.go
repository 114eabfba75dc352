package freecell

import (
	"math/rand/v2"
	"testing"

	"github.com/solitaire-race/racer/internal/enginetest"
)

// stuckReference is the plain definition, kept as the reference for
// StuckWithin: a depth-first search over whole positions reachable by
// every legal move (refMoves) without a card going home, keyed by every
// cascade and cell in place. sure is false when more than budget
// positions were seen.
func stuckReference(s *State, budget int) (stuck, sure bool) {
	if s.Won() {
		return false, true
	}
	home := s.Home()
	progress := func(t *State) bool { return t.Home() > home }
	key := func(t *State) string {
		var k []byte
		for i := range NumCascades {
			for _, c := range t.Cascade(i) {
				k = append(k, byte(c))
			}
			k = append(k, '|')
		}
		for i := range t.Rules().Cells {
			c, _ := t.Cell(i)
			k = append(k, byte(c))
		}
		return string(k)
	}
	return enginetest.StuckReference(s, budget, refMoves, (*State).Apply, progress, key)
}

// stuckCases returns positions from random play under every profile, n
// per profile: random play fills the free cells and gets stuck often.
func stuckCases(t testing.TB, n int) []State {
	t.Helper()
	var out []State
	for _, r := range allProfiles(t) {
		rng := rand.New(rand.NewPCG(9, uint64(r.Cells)))
		for range n {
			s := MustNew(NewDeal(rng.Uint64()), r)
			playRandom(rng, &s, rng.IntN(80), nil)
			out = append(out, s)
		}
	}
	return out
}

// TestStuckMatchesReference compares StuckWithin with the plain search of
// the definition on many positions: they must agree whenever the
// reference is sure, and StuckWithin must then be sure too.
func TestStuckMatchesReference(t *testing.T) {
	budget, n := 20_000, 40
	if testing.Short() {
		budget, n = 5_000, 15
	}
	var nStuck, nFree, nDeep, nUnsure int
	for i, s := range stuckCases(t, n) {
		want, sure := stuckReference(&s, budget)
		if !sure {
			nUnsure++
			continue
		}
		got, gotSure := s.StuckWithin(DefaultStuckBudget)
		if !gotSure || got != want {
			t.Fatalf("case %d (%s): StuckWithin = %v (sure %v), reference %v\n%s", i, s.rules.Name(), got, gotSure, want, &s)
		}
		switch {
		case got:
			nStuck++
		case !s.progress():
			nDeep++
		default:
			nFree++
		}
	}
	t.Logf("stuck %d, not stuck at once %d, not stuck after moves %d, reference unsure %d", nStuck, nFree, nDeep, nUnsure)
	if nStuck < 5 || nDeep < 3 {
		t.Errorf("too few cases of each kind: stuck %d, not stuck after moves %d", nStuck, nDeep)
	}
}

// TestStuckExamples: positions whose answer is plain.
func TestStuckExamples(t *testing.T) {
	tests := []struct {
		name  string
		cols  [NumCascades]string
		cells string
		home  [NumSuits]uint8
		stuck bool
	}{
		{"a card goes home", [NumCascades]string{"KS AC"}, "", [4]uint8{}, false},
		{"cells full, nothing fits", [NumCascades]string{"2C 9S", "2D 9C", "2H 7D", "2S 7H", "KC", "KD", "KH", "KS"}, "5C 5D 5H 5S", [4]uint8{1, 1, 1, 1}, true},
		{"one move through a cell frees a two", [NumCascades]string{"2C 9S", "2D 9C", "2H 7D", "2S 7H", "KC", "KD", "KH", "KS"}, "5C 5D 5H --", [4]uint8{1, 1, 1, 1}, false},
		{"a card to and fro between two twins", [NumCascades]string{"2C 9S 8H", "2D 9C", "2H 7D", "2S 7H", "KC", "KD", "KH", "KS"}, "5C 5D 5H 5S", [4]uint8{1, 1, 1, 1}, true},
		{"the card goes to the twin, the other twin to a cell", [NumCascades]string{"2C 9S 8H", "2D 9C", "2H 7D", "2S 7H", "KC", "KD", "KH", "KS"}, "5C 5D 5H --", [4]uint8{1, 1, 1, 1}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := position(t, fourCells, tt.cols, tt.cells, tt.home)
			got, sure := s.StuckWithin(DefaultStuckBudget)
			ref, refSure := stuckReference(&s, 100_000)
			if got != tt.stuck || !sure || ref != tt.stuck || !refSure {
				t.Errorf("StuckWithin = %v (sure %v), reference %v (sure %v); want %v", got, sure, ref, refSure, tt.stuck)
			}
			if s.Stuck() != got {
				t.Error("Stuck disagrees with StuckWithin")
			}
		})
	}
	won := position(t, fourCells, [NumCascades]string{}, "", [4]uint8{13, 13, 13, 13})
	if won.Stuck() {
		t.Error("a won game is stuck")
	}
}

// TestStuckBudget: a search cut short is unsure and not stuck.
func TestStuckBudget(t *testing.T) {
	s := MustNew(NewDeal(1), fourCells)
	if st, sure := s.StuckWithin(1); st || sure {
		t.Errorf("budget 1: stuck %v, sure %v; want false, false", st, sure)
	}
	if st, sure := s.StuckWithin(DefaultStuckBudget); st || !sure {
		t.Errorf("deal 1: stuck %v, sure %v; want false, true", st, sure)
	}
}
