package klondike

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cards"
)

// perft counts the positions reached by every sequence of depth legal
// moves from s (leaves, as in chess perft).
func perft(s *State, depth int) int {
	if depth == 0 {
		return 1
	}
	var buf [64]Move
	n := 0
	for _, m := range s.Moves(buf[:0]) {
		next := *s
		if err := next.Apply(m); err != nil {
			panic(err)
		}
		n += perft(&next, depth-1)
	}
	return n
}

var perftSeeds = []uint64{0, 1, 42}

// fixedLine plays a fixed deterministic game of up to steps moves: at
// each step it plays the legal move at an index drawn from SplitMix64
// seeded with seed. It returns the
// number of legal moves before each move and the moves played.
func fixedLine(s State, seed uint64, steps int) (counts []int, moves []string) {
	var buf [64]Move
	rng := cards.NewSplitMix64(seed)
	for range steps {
		ms := s.Moves(buf[:0])
		counts = append(counts, len(ms))
		if len(ms) == 0 {
			break
		}
		// Pick from the moves in notation order, so that the line does
		// not depend on the order in which Moves lists them.
		slices.SortFunc(ms, func(a, b Move) int { return strings.Compare(a.String(), b.String()) })
		m := ms[rng.Below(uint64(len(ms)))]
		if err := s.Apply(m); err != nil {
			panic(err)
		}
		moves = append(moves, m.String())
	}
	return counts, moves
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
				p[d-1] = fmt.Sprint(perft(&s, d))
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
	path := filepath.Join("testdata", "perft.txt")
	got := perftLines(t)
	if *update {
		if err := os.WriteFile(path, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var want []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		want = append(want, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("got %d lines, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("line %d:\ngot  %s\nwant %s", i+1, got[i], want[i])
		}
	}
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
	if got := len(s.Moves(buf[:0])); got != want || perft(&s, 1) != want {
		t.Errorf("legal moves at the deal: got %d (perft %d), want %d", got, perft(&s, 1), want)
	}
}
