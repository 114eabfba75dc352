package main_test

import (
	"math/rand/v2"
	"testing"

	"github.com/solitaire-race/racer/freecell"
	"github.com/solitaire-race/racer/internal/cli/clitest"
)

// The reference check of "freecell analyze" (clitest.CheckReference),
// with its random games and its exhaustive search written here over the
// engine's legal moves.

// randomGame plays up to n random legal moves on s from rng, moves to
// the foundations first when there are some (so that random games get
// somewhere), and returns them in notation with the positions after each.
func randomGame(rng *rand.Rand, s freecell.State, n int) (moves []string, states []freecell.State) {
	states = append(states, s)
	for range n {
		legal := s.Moves()
		if len(legal) == 0 {
			break
		}
		var home []freecell.Move
		for _, m := range legal {
			if m.To() == freecell.Foundation {
				home = append(home, m)
			}
		}
		pick := legal
		if len(home) > 0 && rng.IntN(3) != 0 {
			pick = home
		}
		m := pick[rng.IntN(len(pick))]
		if err := s.Apply(m); err != nil {
			panic(err) // a move the engine listed as legal
		}
		moves, states = append(moves, m.String()), append(states, s)
		if s.Won() {
			break
		}
	}
	return moves, states
}

// key is the position of s without its counters: the cascades and the
// free cells in place.
func key(s *freecell.State) string {
	b := make([]byte, 0, 64)
	for i := range freecell.NumCascades {
		for _, c := range s.Cascade(i) {
			b = append(b, byte(c))
		}
		b = append(b, 0xff)
	}
	for i := range s.Rules().Cells {
		c, _ := s.Cell(i)
		b = append(b, byte(c))
	}
	return string(b)
}

// winnable searches every position reachable from s by the engine's legal
// moves, each once, for a won one. It gives up (ok false) past limit
// positions.
func winnable(s freecell.State, limit int) (won, ok bool) {
	seen := map[string]bool{key(&s): true}
	stack := []freecell.State{s}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if p.Won() {
			return true, true
		}
		for _, m := range p.Moves() {
			q := p
			if err := q.Apply(m); err != nil {
				panic(err)
			}
			k := key(&q)
			if seen[k] {
				continue
			}
			if len(seen) >= limit {
				return false, false
			}
			seen[k] = true
			stack = append(stack, q)
		}
	}
	return false, true
}

func TestAnalyzeAgainstReference(t *testing.T) {
	// Random FreeCell games soon fill the free cells and lose, in
	// positions small enough to search here.
	clitest.CheckReference(t, clitest.Reference{
		Command:       "github.com/solitaire-race/racer/cmd/freecell",
		Profiles:      []string{"freecell", "freecell-2"},
		Games:         6,
		LostConfirmed: true,
		Game: func(rng *rand.Rand, profile string, seed uint64) ([]string, func(int) (bool, bool)) {
			rules, err := freecell.Profile(profile)
			if err != nil {
				t.Fatal(err)
			}
			moves, states := randomGame(rng, freecell.MustNew(freecell.NewDeal(seed), rules), 20+rng.IntN(40))
			return moves, func(i int) (bool, bool) { return winnable(states[i], 20_000) }
		},
	})
}
