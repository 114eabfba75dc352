package spider

import (
	"math/rand/v2"
	"testing"
)

// stuckCases returns positions for the stuck tests: random play under
// every profile, long enough that the stock is often dealt out.
func stuckCases(t *testing.T, perProfile int) []State {
	t.Helper()
	var out []State
	for _, r := range allProfiles(t) {
		rng := rand.New(rand.NewPCG(21, uint64(r.Suits)<<8|uint64(r.Groups)))
		for range perProfile {
			s := MustNew(NewDeal(rng.Uint64(), r.Suits), r)
			playRandom(rng, &s, 100+rng.IntN(400), nil)
			out = append(out, s)
		}
	}
	return out
}

// TestStuckMatchesReference compares StuckWithin with the plain search
// of the definition on many positions: they must agree whenever the
// reference is sure, and StuckWithin must then be sure too. The
// reference searches 2,000 positions, 300 with -short (where it is sure
// of 102 of the 150 when written).
func TestStuckMatchesReference(t *testing.T) {
	t.Parallel() // the package's two longest tests overlap
	budget := 2_000
	if testing.Short() {
		budget = 300
	}
	var nStuck, nFree, nDeep, nUnsure int
	for i, s := range stuckCases(t, 25) {
		want, sure := stuckReference(&s, budget)
		if !sure {
			nUnsure++
			continue
		}
		got, gotSure := s.StuckWithin(DefaultStuckBudget)
		if !gotSure || got != want {
			t.Fatalf("case %d (%s): StuckWithin = %v (sure %v), reference %v\n%s", i, s.rules.Name(), got, gotSure, want, &s)
		}
		if got {
			nStuck++
			continue
		}
		nFree++
		if !progressInOne(&s) {
			nDeep++
		}
	}
	t.Logf("stuck %d, not stuck %d (%d of them needing more than one move), reference unsure %d", nStuck, nFree, nDeep, nUnsure)
	if nStuck < 10 || nFree < 10 || nDeep < 3 {
		t.Errorf("too few cases of each kind: stuck %d, not stuck %d, deep %d", nStuck, nFree, nDeep)
	}
}

// progressInOne reports whether the position already allows a deal or
// one legal move makes progress.
func progressInOne(s *State) bool {
	if s.Legal(DealMove()) {
		return true
	}
	for _, m := range s.Moves() {
		t := *s
		_ = t.Apply(m)
		if t.Completed() > s.Completed() || t.FaceDownCount() < s.FaceDownCount() || t.Legal(DealMove()) {
			return true
		}
	}
	return false
}

// backAndForth is a stuck position with moves: 8S goes from 9D to 9C
// and back, and nothing else fits.
var backAndForth = [NumColumns]string{"(5H) 6S 9D 8S", "(4C) 9C", "(3D) KD", "(2H) KH", "(AH) JD", "(6C) JH", "(7C) 4D", "(8C) 4H", "(9C) 2D", "(TC) 2H"}

// TestStuckExamples: positions whose answer is plain.
func TestStuckExamples(t *testing.T) {
	full := [NumColumns]string{"(5H) 9S", "(4C) TC", "(3D) KD", "(2H) QD", "(AH) JD", "(6C) 8D", "(7C) 7D", "(8C) 6D", "(9C) 5D", "(TC) 4D"}
	tests := []struct {
		name  string
		cols  [NumColumns]string
		stock string
		stuck bool
	}{
		{"a deal is legal", full, "2C 3C 4C 5C 6C 7C 8C 9C TC JC", false},
		{"one move turns a card up", full, "", false},
		{"nothing fits", [NumColumns]string{"(5H) 9S", "(4C) 9C", "(3D) KD", "(2H) KH", "(AH) JD", "(6C) JH", "(7C) 7D", "(8C) 7H", "(9C) 5D", "(TC) 5H"}, "", true},
		{"empty column: a card moves there and turns one up", [NumColumns]string{"(5H) 9S", "", "(3D) KD", "(2H) KH", "(AH) JD", "(6C) JH", "(7C) 7D", "(8C) 7H", "(9C) 5D", "(TC) 5H"}, "2C 3C 4C 5C 6C 7C 8C 9C TC JC", false},
		{"a card to and fro", backAndForth, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := position(t, permissive, tt.cols, tt.stock, "")
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
}

// TestStuckBudget: a search cut short is unsure and not stuck.
func TestStuckBudget(t *testing.T) {
	s := position(t, permissive, backAndForth, "", "")
	if st, sure := s.StuckWithin(1); st || sure {
		t.Errorf("budget 1: stuck %v, sure %v; want false, false", st, sure)
	}
	if st, sure := s.StuckWithin(DefaultStuckBudget); !st || !sure {
		t.Errorf("default budget: stuck %v, sure %v; want true, true", st, sure)
	}
}

// TestDeadSuits: under Permissive rules a suit with a rank not face up
// cannot complete before progress; under Standard no suit is dead.
func TestDeadSuits(t *testing.T) {
	cols := [NumColumns]string{"(AH) KS QS JS TS 9S 8S 7S", "6S 5S 4S 3S 2S", "AS", "KH", "(2C) 9D"}
	s := position(t, permissive, cols, "", "")
	if got := s.deadSuits(); got != [NumSuits + 1]bool{Clubs: true, Diamonds: true, Hearts: true} {
		t.Errorf("permissive: got %v, want clubs, diamonds and hearts dead", got)
	}
	s.rules = standard
	if got := s.deadSuits(); got != [NumSuits + 1]bool{} {
		t.Errorf("standard: got %v, want none dead", got)
	}
	// The spades still complete in the search: 2-1x5 then 3-1 is progress.
	s.rules = permissive
	if st, sure := s.StuckWithin(1000); st || !sure {
		t.Errorf("stuck %v sure %v, want a way to complete the spades", st, sure)
	}
}
