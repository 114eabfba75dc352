package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/solitaire-race/racer/freecell"
)

// referenceWon is the plain search kept as the reference for Solve: a
// depth-first search over every legal move of the engine (no safe moves
// played by themselves, no symmetry, every empty cell and cascade a
// destination of its own), each position seen once by its exact
// contents. ok is false when more than budget positions were seen.
func referenceWon(s freecell.State, budget int) (won, ok bool) {
	seen := map[string]bool{}
	key := func(t *freecell.State) string {
		var k []byte
		for i := range freecell.NumCascades {
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
	stack := []freecell.State{s}
	seen[key(&s)] = true
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if cur.Won() {
			return true, true
		}
		for _, m := range cur.Moves() {
			next := cur
			if err := next.Apply(m); err != nil {
				panic(err)
			}
			k := key(&next)
			if seen[k] {
				continue
			}
			if len(seen) >= budget {
				return false, false
			}
			seen[k] = true
			stack = append(stack, next)
		}
	}
	return false, true
}

// TestSolveMatchesReference compares Solve with the plain search, under
// every profile, on random endgames (mostly won) and on the positions of
// random games back from their end (random play soon loses), as far back
// as the reference can search (at most 25 positions a game): the same
// verdict whenever the reference
// is sure. This checks the safe moves, the symmetries and the moves the
// solver leaves out, on lost positions too.
func TestSolveMatchesReference(t *testing.T) {
	games, endgames, budget := 30, 40, 50_000
	if testing.Short() {
		games, endgames, budget = 2, 6, 10_000
	}
	for _, name := range freecell.ProfileNames() {
		rules := mustProfile(t, name)
		rng := rand.New(rand.NewPCG(5, uint64(rules.Cells)))
		var won, lost, unsure int
		check := func(what string, s freecell.State) bool {
			t.Helper()
			want, ok := referenceWon(s, budget)
			if !ok {
				unsure++
				return false
			}
			res := Solve(context.Background(), s, Config{MaxNodes: 10_000_000, Timeout: time.Minute})
			switch {
			case res.Verdict == Unknown:
				t.Fatalf("%s %s: unknown (%s)\n%s", name, what, res.Stop, &s)
			case (res.Verdict == Won) != want:
				t.Fatalf("%s %s: solver %v, reference won %v\n%s", name, what, res.Verdict, want, &s)
			case want && !replays(s, res.Moves):
				t.Fatalf("%s %s: the line does not win", name, what)
			case want:
				won++
			default:
				lost++
			}
			return true
		}
		for i := range endgames {
			check(fmt.Sprintf("endgame %d", i), endgame(rng, rules, 6+rng.IntN(3), i%2 == 0, rng.IntN(rules.Cells+1)))
		}
		for g := range games {
			seed := rng.Uint64()
			s := freecell.MustNew(freecell.NewDeal(seed), rules)
			path := []freecell.State{s}
			for range 300 {
				ms := s.Moves()
				if len(ms) == 0 {
					break
				}
				if err := s.Apply(ms[rng.IntN(len(ms))]); err != nil {
					t.Fatal(err)
				}
				path = append(path, s)
			}
			// Random play often shuffles a card to and fro at the end: each
			// position once, at most 25 of them.
			seen := map[string]bool{}
			for i := len(path) - 1; i >= 0 && len(seen) < 25; i-- {
				if k := path[i].String(); !seen[k] {
					seen[k] = true
					if !check(fmt.Sprintf("game %d (seed %d) after %d moves", g, seed, i), path[i]) {
						break
					}
				}
			}
		}
		t.Logf("%s: %d won, %d lost, %d too big for the reference", name, won, lost, unsure)
		if won < endgames/4 || lost < games {
			t.Errorf("%s: too few cases of each kind: %d won, %d lost", name, won, lost)
		}
	}
}
