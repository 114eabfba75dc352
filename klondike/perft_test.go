package klondike

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cards"
	"github.com/solitaire-race/racer/internal/enginetest"
)

var perftSeeds = []uint64{0, 1, 42}

// fixedLine plays a fixed deterministic game of up to steps moves: at
// each step it plays the legal move at an index drawn from SplitMix64
// seeded with seed, among the moves in notation order. It returns the
// number of legal moves before each move and the moves played.
func fixedLine(s State, seed uint64, steps int) (counts []int, moves []string) {
	rng := cards.NewSplitMix64(seed)
	return engine.FixedLine(s, &rng, steps)
}

// perftLines computes the lines of testdata/perft.txt: for each profile
// and seed, perft at depths 1 … 6 from the deal, the counts of legal moves
// along the fixed line of 120 moves, and that line's moves.
func perftLines(t *testing.T) []string {
	var out []string
	for _, r := range allProfiles(t) {
		for _, seed := range perftSeeds {
			s := MustNew(NewDeal(seed), r)
			p := make([]string, 6)
			for d := 1; d <= 6; d++ {
				p[d-1] = fmt.Sprint(engine.Perft(&s, d))
			}
			counts, moves := fixedLine(s, seed, 120)
			out = append(out,
				fmt.Sprintf("perft %s %d %s", r.Name, seed, strings.Join(p, " ")),
				fmt.Sprintf("counts %s %d %s", r.Name, seed, strings.Trim(fmt.Sprint(counts), "[]")),
				fmt.Sprintf("moves %s %d %s", r.Name, seed, strings.Join(moves, " ")))
		}
	}
	return out
}

// TestPerft compares move-generation counts with testdata/perft.txt,
// written once with -update from this engine (TestPerftByHand and
// TestMovesMatchApply check the generator independently); any change
// there is a change of the rules' implementation and must be explained.
func TestPerft(t *testing.T) {
	enginetest.Golden(t, filepath.Join("testdata", "perft.txt"), perftLines(t))
}

// TestPerftByHand checks small counts worked out by hand from the deal of
// seed 0 under bvs: only the draw and the moves between the seven face-up
// cards are legal at the start.
func TestPerftByHand(t *testing.T) {
	s := MustNew(NewDeal(0), mustProfile(t, "bvs"))
	var buf [64]Move
	want := 1 // D
	for from := 0; from < NumColumns; from++ {
		top := s.Column(from)[from]
		if top.Rank() == Ace {
			want++ // to its foundation
		}
		for to := 0; to < NumColumns; to++ {
			dst := s.Column(to)[to]
			if to != from && dst.Rank() == top.Rank()+1 && dst.Red() != top.Red() {
				want++
			}
		}
	}
	if got := len(s.Moves(buf[:0])); got != want || engine.Perft(&s, 1) != want {
		t.Errorf("legal moves at the deal: got %d (perft %d), want %d", got, engine.Perft(&s, 1), want)
	}
}

// TestPerftAllocs: Perft allocates its buffers once per call, never per
// position it visits.
func TestPerftAllocs(t *testing.T) {
	s := MustNew(NewDeal(1), mustProfile(t, "relaxed-3"))
	nodes := engine.Perft(&s, 4)
	allocs := testing.AllocsPerRun(5, func() { engine.Perft(&s, 4) })
	if allocs > 3 { // the move buffers, their slices, the positions
		t.Errorf("perft to depth 4 (%d leaves): got %v allocations, want at most 3", nodes, allocs)
	}
}
