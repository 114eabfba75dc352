package freecell

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cards"
	"github.com/solitaire-race/racer/internal/enginetest"
)

// refMoves is the plain reading of the rules, kept as the reference for
// AppendMoves: every move tried by hand through the exported accessors.
func refMoves(s *State) []Move {
	if s.Won() {
		return nil
	}
	var out []Move
	cells := s.Rules().Cells
	free, empty := 0, 0
	for i := range cells {
		if _, ok := s.Cell(i); !ok {
			free++
		}
	}
	for i := range NumCascades {
		if s.CascadeLen(i) == 0 {
			empty++
		}
	}
	next := func(c Card) bool { return s.Foundation(c.Suit())+1 == c.Rank() }
	onto := func(c Card, col []Card) bool {
		if len(col) == 0 {
			return true
		}
		t := col[len(col)-1]
		return t.Rank() == c.Rank()+1 && t.Red() != c.Red()
	}
	for from := range NumCascades {
		src := s.Cascade(from)
		if len(src) == 0 {
			continue
		}
		if next(src[len(src)-1]) {
			out = append(out, NewMove(CascadePlace(from), Foundation, 1))
		}
		for to := range NumCascades {
			if to == from {
				continue
			}
			dst := s.Cascade(to)
			for n := 1; n <= len(src) && n <= 13; n++ {
				run := src[len(src)-n:]
				ok := true
				for i := 1; i < n; i++ {
					ok = ok && run[i-1].Rank() == run[i].Rank()+1 && run[i-1].Red() != run[i].Red()
				}
				e := empty
				if len(dst) == 0 {
					e--
				}
				if ok && onto(run[0], dst) && n <= (1+free)*(1<<e) {
					out = append(out, CascadeMove(from, to, n))
				}
			}
		}
		for i := range cells {
			if _, ok := s.Cell(i); !ok {
				out = append(out, NewMove(CascadePlace(from), CellPlace(i), 1))
			}
		}
	}
	for i := range cells {
		c, ok := s.Cell(i)
		if !ok {
			continue
		}
		if next(c) {
			out = append(out, NewMove(CellPlace(i), Foundation, 1))
		}
		for to := range NumCascades {
			if onto(c, s.Cascade(to)) {
				out = append(out, NewMove(CellPlace(i), CascadePlace(to), 1))
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

// perftSeeds are Microsoft's deals 1, 617 and 11982 (the one lost deal).
var perftSeeds = []uint64{1, 617, 11982}

const perftDepth = 4

// fixedLine plays a fixed deterministic game of up to steps moves: at
// each step it plays the legal move at an index drawn from SplitMix64
// seeded with seed, among the moves in notation order. It returns the
// number of legal moves before each move and the moves played.
func fixedLine(s State, seed uint64, steps int) (counts []int, moves []string) {
	rng := cards.NewSplitMix64(seed)
	return engine.FixedLine(s, &rng, steps)
}

// perftLines computes the lines of testdata/perft.txt: for each profile
// and seed, perft at depths 1 … 4 from the deal, the counts of legal
// moves along the fixed line of 150 moves, that line's moves, and the
// cards home at its end.
func perftLines(t *testing.T) []string {
	var out []string
	for _, r := range allProfiles(t) {
		name := r.Name()
		for _, seed := range perftSeeds {
			s := MustNew(NewDeal(seed), r)
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
				fmt.Sprintf("end %s %d home %d free %d empty %d", name, seed, end.Home(), end.FreeCells(), end.EmptyCascades()))
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
// the deal and from positions along the fixed lines, where free cells
// fill, cascades empty and runs grow.
func TestPerftReference(t *testing.T) {
	for _, r := range allProfiles(t) {
		s := MustNew(NewDeal(5), r)
		if got, want := engine.Perft(&s, 3), refEngine.Perft(&s, 3); got != want {
			t.Errorf("%s: perft(3) = %d, reference %d", r.Name(), got, want)
		}
		_, moves := fixedLine(s, 5, 150)
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

// TestPerftByHand checks the count at deal 1 worked out by hand: the top
// cards are 6S 9C 2H 6H 6C 3D 8C TC, no ace and no card one rank below
// another of the other colour (9C and TC are both black), so the only
// moves are the 8 top cards to each of the 4 free cells.
func TestPerftByHand(t *testing.T) {
	s := MustNew(NewDeal(1), fourCells)
	var tops []Card
	for i := range NumCascades {
		col := s.Cascade(i)
		tops = append(tops, col[len(col)-1])
	}
	if got := cardList(tops); got != "6S 9C 2H 6H 6C 3D 8C TC" {
		t.Fatalf("tops of deal 1: %s", got)
	}
	want := NumCascades * MaxCells
	if got := len(s.Moves()); got != want || engine.Perft(&s, 1) != want {
		t.Errorf("legal moves at deal 1: got %d, want %d", got, want)
	}
}
