package main_test

import (
	"math/rand/v2"
	"testing"

	"github.com/solitaire-race/racer/internal/cli/clitest"
	"github.com/solitaire-race/racer/klondike"
)

// The reference check of "klondike analyze" (clitest.CheckReference), with
// its random games and its exhaustive search written here over the
// engine's legal moves.

// randomGame plays up to n random legal moves on s from rng, favouring
// moves other than the stock's (so that random games get somewhere), and
// returns them in notation with the positions after each.
func randomGame(rng *rand.Rand, s klondike.State, n int) (moves []string, states []klondike.State) {
	states = append(states, s)
	var buf []klondike.Move
	for range n {
		buf = s.Moves(buf[:0])
		if len(buf) == 0 {
			break
		}
		var other []klondike.Move
		for _, m := range buf {
			if m.Kind != klondike.Draw && m.Kind != klondike.Recycle {
				other = append(other, m)
			}
		}
		pick := buf
		if len(other) > 0 && rng.IntN(4) != 0 {
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
// count and cards), the stock, the waste, the foundations, and the
// passes used when they are limited (with unlimited passes the rules
// never look at them).
func key(s *klondike.State) string {
	b := make([]byte, 0, 80)
	for i := range klondike.NumColumns {
		b = append(b, byte(s.FaceDown(i)))
		for _, c := range s.Column(i) {
			b = append(b, byte(c))
		}
		b = append(b, 0xff)
	}
	for _, c := range s.Stock() {
		b = append(b, byte(c))
	}
	b = append(b, 0xff)
	for _, c := range s.Waste() {
		b = append(b, byte(c))
	}
	b = append(b, 0xff, byte(s.FoundationCards()))
	if s.PassesLeft() >= 0 {
		b = append(b, byte(s.PassesUsed()))
	}
	return string(b)
}

// winnable searches every position reachable from s by the engine's legal
// moves, each once, for a won one. It gives up (ok false) past limit
// positions.
func winnable(s klondike.State, limit int) (won, ok bool) {
	seen := map[string]bool{key(&s): true}
	stack := []klondike.State{s}
	var buf []klondike.Move
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if p.Won() {
			return true, true
		}
		buf = p.Moves(buf[:0])
		for _, m := range buf {
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
	clitest.CheckReference(t, clitest.Reference{
		Command:  "github.com/solitaire-race/racer/cmd/klondike",
		Profiles: []string{"bvs", "classic", "relaxed-3"},
		Games:    8, LostConfirmed: true,
		Game: func(rng *rand.Rand, profile string, seed uint64) ([]string, func(int) (bool, bool)) {
			rules, err := klondike.Profile(profile)
			if err != nil {
				t.Fatal(err)
			}
			moves, states := randomGame(rng, klondike.MustNew(klondike.NewDeal(seed), rules), 40+rng.IntN(80))
			return moves, func(i int) (bool, bool) { return winnable(states[i], 30_000) }
		},
	})
}
