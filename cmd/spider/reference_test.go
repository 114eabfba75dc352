package main_test

import (
	"math/rand/v2"
	"testing"

	"github.com/solitaire-race/racer/internal/cli/clitest"
	"github.com/solitaire-race/racer/spider"
)

// The reference check of "spider analyze" (clitest.CheckReference), with
// its random games and its exhaustive search written here over the
// engine's legal moves.

// randomGame plays up to n random legal moves on s from rng, favouring
// moves other than the deal (so that random games get somewhere), and
// returns them in notation with the positions after each.
func randomGame(rng *rand.Rand, s spider.State, n int) (moves []string, states []spider.State) {
	states = append(states, s)
	for range n {
		legal := s.Moves()
		if len(legal) == 0 {
			break
		}
		var other []spider.Move
		for _, m := range legal {
			if !m.IsDeal() {
				other = append(other, m)
			}
		}
		pick := legal
		if len(other) > 0 && rng.IntN(6) != 0 {
			pick = other
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

// key is the position of s without its counters: the columns (face-down
// count and cards), the stock and the runs completed.
func key(s *spider.State) string {
	b := make([]byte, 0, 128)
	for i := range spider.NumColumns {
		b = append(b, byte(s.FaceDown(i)))
		for _, c := range s.Column(i) {
			b = append(b, byte(c))
		}
		b = append(b, 0xff)
	}
	for _, c := range s.Stock() {
		b = append(b, byte(c))
	}
	return string(append(b, 0xff, byte(s.Completed())))
}

// winnable searches every position reachable from s by the engine's legal
// moves, each once, for a won one. It gives up (ok false) past limit
// positions.
func winnable(s spider.State, limit int) (won, ok bool) {
	seen := map[string]bool{key(&s): true}
	stack := []spider.State{s}
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
	// Random Spider games are often never lost, or lost where positions
	// are too big to search here: lost verdicts are checked where they
	// occur and are small, without a minimum.
	clitest.CheckReference(t, clitest.Reference{
		Command:  "github.com/solitaire-race/racer/cmd/spider",
		Profiles: []string{"spider-1", "spider-2"},
		Games:    6,
		Game: func(rng *rand.Rand, profile string, seed uint64) ([]string, func(int) (bool, bool)) {
			rules, err := spider.Profile(profile)
			if err != nil {
				t.Fatal(err)
			}
			moves, states := randomGame(rng, spider.MustNew(spider.NewDeal(seed, rules.Suits), rules), 40+rng.IntN(60))
			return moves, func(i int) (bool, bool) { return winnable(states[i], 20_000) }
		},
	})
}
