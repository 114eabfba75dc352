package enginetest

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// MovesMatchApply plays 4 random games of up to 300 moves from deals of
// seeds drawn from rng and checks, at the deal and at every 10th move,
// that Moves lists exactly the moves Legal accepts among all (every text
// the notation can write), each once and in canonical form, and, when ref
// is not nil, exactly the moves ref lists. At least 40 positions must be
// checked.
func (e Engine[S, M, P]) MovesMatchApply(t testing.TB, rng *rand.Rand, all []string, deal func(seed uint64) S, ref func(*S) []M) {
	t.Helper()
	parsed := make([]M, len(all))
	for i, text := range all {
		m, err := e.ParseMove(text)
		if err != nil {
			t.Fatalf("ParseMove(%q): %v", text, err)
		}
		parsed[i] = m
	}
	checked := 0
	check := func(s *S) {
		t.Helper()
		legal := e.Moves(s, nil)
		seen := map[M]bool{}
		for _, m := range legal {
			if seen[m] {
				t.Fatalf("Moves lists %v twice", m)
			}
			seen[m] = true
			if back, err := e.ParseMove(m.String()); err != nil || back != m {
				t.Fatalf("Moves lists %#v, whose notation %q does not parse back", m, m.String())
			}
		}
		if ref != nil {
			want := ref(s)
			if len(want) != len(legal) {
				t.Fatalf("Moves lists %d, the reference %d: %v / %v\n%s", len(legal), len(want), legal, want, s)
			}
			for _, m := range want {
				if !seen[m] {
					t.Fatalf("the reference lists %v, Moves does not\n%s", m, s)
				}
			}
		}
		accepted := 0
		for i, m := range parsed {
			ok := P(s).Legal(m)
			if ok != seen[m] {
				t.Fatalf("%s: Apply accepts %v, Moves lists it %v\n%s", all[i], ok, seen[m], s)
			}
			if ok && all[i] == m.String() {
				accepted++
			}
		}
		if accepted != len(legal) {
			t.Fatalf("Apply accepts %d moves, Moves lists %d", accepted, len(legal))
		}
		checked++
	}
	// -short checks every 10th position of 2 games; CI of 4.
	games, every, want := 4, 10, 40
	if testing.Short() {
		games, every, want = 2, 10, 8
	}
	for range games {
		s := deal(rng.Uint64())
		step := 0
		check(&s)
		e.PlayRandom(rng, &s, 300, func(_, after *S, _ M) {
			if step++; step%every == 0 {
				check(after)
			}
		})
	}
	if checked < want {
		t.Errorf("checked %d positions, want at least %d", checked, want)
	}
}

// Below draws a uniform value in [0, n): the seeded generator of the
// engines' deals (cards.SplitMix64) is one.
type Below interface {
	Below(n uint64) uint64
}

// FixedLine plays a fixed deterministic game of up to steps moves from s:
// at each step it plays the legal move at index rng.Below(n) among the n
// legal moves in notation order, so that the line does not depend on the
// order in which Moves lists them. It returns the number of legal moves
// before each move and the moves played.
func (e Engine[S, M, P]) FixedLine(s S, rng Below, steps int) (counts []int, moves []string) {
	var buf []M
	for range steps {
		ms := e.Moves(&s, buf[:0])
		buf = ms
		counts = append(counts, len(ms))
		if len(ms) == 0 {
			break
		}
		slices.SortFunc(ms, func(a, b M) int { return strings.Compare(a.String(), b.String()) })
		m := ms[rng.Below(uint64(len(ms)))]
		if err := P(&s).Apply(m); err != nil {
			panic(err)
		}
		moves = append(moves, m.String())
	}
	return counts, moves
}
