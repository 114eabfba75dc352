package spider

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cards"
	"github.com/solitaire-race/racer/internal/enginetest"
)

// refMoves is the plain reading of the rules, kept as the reference for
// AppendMoves: every move the notation can write, tried by hand.
func refMoves(s *State) []Move {
	if s.Completed() == NumRuns {
		return nil
	}
	var out []Move
	cols := make([][]Card, NumColumns)
	downs := make([]int, NumColumns)
	empty := false
	for i := range cols {
		cols[i], downs[i] = s.Column(i), s.FaceDown(i)
		empty = empty || len(cols[i]) == 0
	}
	if s.StockLeft() > 0 && !empty {
		out = append(out, DealMove())
	}
	for from := range NumColumns {
		src := cols[from]
		for to := range NumColumns {
			if to == from {
				continue
			}
			for n := 1; n <= 13 && n <= len(src)-downs[from]; n++ {
				group := src[len(src)-n:]
				ok := true
				for i := 1; i < n; i++ {
					hi, lo := group[i-1], group[i]
					if hi.Rank() != lo.Rank()+1 || s.rules.Groups == Standard && hi.Suit() != lo.Suit() {
						ok = false
					}
				}
				dst := cols[to]
				if ok && (len(dst) == 0 || dst[len(dst)-1].Rank() == group[0].Rank()+1) {
					out = append(out, ColumnMove(from, to, n))
				}
			}
		}
	}
	return out
}

// refEngine is engine with refMoves for its move generator: its Perft is
// the reference for engine.Perft.
var refEngine = func() enginetest.Engine[State, Move, *State] {
	e := engine
	e.Moves = func(s *State, buf []Move) []Move { return append(buf, refMoves(s)...) }
	return e
}()

var perftSeeds = []uint64{0, 1, 42}

const perftDepth = 5

// fixedLine plays a fixed deterministic game of up to steps moves: at
// each step it plays the legal move at an index drawn from SplitMix64
// seeded with seed, among the moves in notation order. It returns the
// number of legal moves before each move and the moves played.
func fixedLine(s State, seed uint64, steps int) (counts []int, moves []string) {
	rng := cards.NewSplitMix64(seed)
	return engine.FixedLine(s, &rng, steps)
}

// perftLines computes the lines of testdata/perft.txt: for each profile
// and seed, perft at depths 1 … 5 from the deal, the counts of legal moves
// along the fixed line of 150 moves, that line's moves, and the completed
// runs and face-down cards at its end.
func perftLines(t *testing.T) []string {
	var out []string
	for _, r := range allProfiles(t) {
		name := r.Name()
		for _, seed := range perftSeeds {
			s := MustNew(NewDeal(seed, r.Suits), r)
			p := make([]string, perftDepth)
			for d := 1; d <= perftDepth; d++ {
				p[d-1] = fmt.Sprint(engine.Perft(&s, d))
			}
			counts, moves := fixedLine(s, seed, 150)
			end := s
			engine.Play(t, &end, strings.Join(moves, " "))
			out = append(out,
				fmt.Sprintf("perft %s %d %s", name, seed, strings.Join(p, " ")),
				fmt.Sprintf("counts %s %d %s", name, seed, strings.Trim(fmt.Sprint(counts), "[]")),
				fmt.Sprintf("moves %s %d %s", name, seed, strings.Join(moves, " ")),
				fmt.Sprintf("end %s %d completed %d down %d stock %d", name, seed, end.Completed(), end.FaceDownCount(), end.StockLeft()))
		}
	}
	return out
}

// TestPerft compares move-generation counts with testdata/perft.txt,
// written once with -update from this engine (TestPerftReference and
// TestMovesMatchApply check the generator independently); any change
// there is a change of the rules' implementation and must be explained.
func TestPerft(t *testing.T) {
	enginetest.Golden(t, filepath.Join("testdata", "perft.txt"), perftLines(t))
}

// TestPerftReference checks perft against the brute-force generator from
// the deal and from positions along the fixed lines, where deals, empty
// columns and long runs appear.
func TestPerftReference(t *testing.T) {
	for _, r := range allProfiles(t) {
		s := MustNew(NewDeal(5, r.Suits), r)
		if got, want := engine.Perft(&s, 3), refEngine.Perft(&s, 3); got != want {
			t.Errorf("%s: perft(3) = %d, reference %d", r.Name(), got, want)
		}
		_, moves := fixedLine(s, 5, 120)
		for i, m := range moves {
			engine.Play(t, &s, m)
			if i%10 != 9 {
				continue
			}
			if got, want := engine.Perft(&s, 2), refEngine.Perft(&s, 2); got != want {
				t.Fatalf("%s after %d moves: perft(2) = %d, reference %d\n%s", r.Name(), i+1, got, want, &s)
			}
		}
	}
}

// TestPerftByHand checks the count at the deal of seed 0 worked out by
// hand: the deal, plus one move for each pair of face-up cards one rank
// apart, all groups being single cards.
func TestPerftByHand(t *testing.T) {
	for _, suits := range []int{1, 2, 4} {
		s := MustNew(NewDeal(0, suits), Rules{Suits: suits})
		want := 1
		for from := range NumColumns {
			for to := range NumColumns {
				a, b := s.Column(from), s.Column(to)
				if from != to && b[len(b)-1].Rank() == a[len(a)-1].Rank()+1 {
					want++
				}
			}
		}
		if got := len(s.Moves()); got != want || engine.Perft(&s, 1) != want {
			t.Errorf("%d suits: legal moves at the deal: got %d, want %d", suits, got, want)
		}
	}
}
