package enginetest

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// Move is what the checks need of an engine's move: equality and its
// notation.
type Move interface {
	comparable
	String() string
}

// Position is what the checks call on an engine's position P, the
// pointer to its State S, as methods: the part of the API every engine
// has alike.
type Position[S any, M any] interface {
	*S
	// Apply plays m, or refuses it with an error and leaves the position
	// as it was.
	Apply(m M) error
	// Legal reports whether Apply would accept m.
	Legal(m M) bool
	// Actions returns the number of moves applied.
	Actions() int
}

// Engine describes one engine to the checks: by its position's methods
// (P, see Position) and by the functions of its API and its tests that
// differ between engines. S is the position and M the move; positions
// are compared with == to see that a refused move changed nothing. All
// fields must be set. An Engine holds no state and is safe for
// concurrent use when its functions are.
type Engine[S comparable, M Move, P Position[S, M]] struct {
	// Moves appends the legal moves of s to buf and returns the result.
	// It is a function, not a method of Position: the engines name
	// their appending generator differently, and a test may check
	// against a reference generator in its place.
	Moves func(s *S, buf []M) []M
	// ParseMove reads a move in notation.
	ParseMove func(text string) (M, error)
	// Invariants says what is wrong with s, or "" when the rules can
	// reach it.
	Invariants func(s *S) string
	// IllegalMove unpacks an error of Apply: the move and the reason of
	// the engine's *IllegalMoveError, and whether err is one and wraps
	// the engine's ErrIllegalMove.
	IllegalMove func(err error) (m M, reason string, ok bool)
	// Pick chooses the move random play makes at s, drawing from rng;
	// ok is false when s has no legal move.
	Pick func(rng *rand.Rand, s *S) (m M, ok bool)
}

// CheckInvariants fails t when s breaks an invariant of the engine.
func (e Engine[S, M, P]) CheckInvariants(t testing.TB, s *S) {
	t.Helper()
	if why := e.Invariants(s); why != "" {
		t.Fatalf("broken position: %s\n%s", why, s)
	}
}

// Play applies the space-separated moves to s, failing t on any error.
func (e Engine[S, M, P]) Play(t testing.TB, s *S, moves string) {
	t.Helper()
	for _, text := range strings.Fields(moves) {
		m, err := e.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if err := P(s).Apply(m); err != nil {
			t.Fatalf("%v\n%s", err, s)
		}
	}
}

// PlayRandom plays up to steps moves chosen by Pick from s, calling
// visit, when not nil, with the position before and after each. It
// panics when Apply refuses a move Pick chose.
func (e Engine[S, M, P]) PlayRandom(rng *rand.Rand, s *S, steps int, visit func(before, after *S, m M)) {
	for range steps {
		m, ok := e.Pick(rng, s)
		if !ok {
			return
		}
		before := *s
		if err := P(s).Apply(m); err != nil {
			panic(fmt.Sprintf("legal move %s refused: %v", m, err))
		}
		if visit != nil {
			visit(&before, s, m)
		}
	}
}

// RandomPositions returns n positions reached by random play from the
// positions deal returns for random seeds, at random depths up to
// maxDepth. The same seed gives the same positions.
func (e Engine[S, M, P]) RandomPositions(seed uint64, n, maxDepth int, deal func(seed uint64) S) []S {
	rng := rand.New(rand.NewPCG(seed, 7))
	out := make([]S, 0, n)
	for len(out) < n {
		s := deal(rng.Uint64())
		e.PlayRandom(rng, &s, rng.IntN(maxDepth+1), nil)
		out = append(out, s)
	}
	return out
}

// RandomLine returns a seed and a legal line of exactly n moves from the
// position deal returns for it, found by random play from seeds drawn
// from a fixed generator: the same n and deal give the same line.
func (e Engine[S, M, P]) RandomLine(n int, deal func(seed uint64) S) (uint64, []M) {
	rng := rand.New(rand.NewPCG(5, 5))
	for {
		seed := rng.Uint64()
		s := deal(seed)
		var moves []M
		e.PlayRandom(rng, &s, n, func(_, _ *S, m M) { moves = append(moves, m) })
		if len(moves) == n {
			return seed, moves
		}
	}
}

// ApplyChecked applies m to s and checks the outcome against legal, the
// moves Moves listed at s: Apply must accept m exactly when it is listed.
// A refusal must be the engine's *IllegalMoveError for m with a reason,
// and leave s as it was; an accepted move counts one action, writes a
// notation that parses back to it and keeps every invariant. It reports
// whether m was applied.
func (e Engine[S, M, P]) ApplyChecked(t testing.TB, s *S, m M, legal []M) bool {
	t.Helper()
	before := *s
	err := P(s).Apply(m)
	if want := slices.Contains(legal, m); (err == nil) != want {
		t.Fatalf("Apply(%v) = %v; listed by Moves: %v\n%s", m, err, want, &before)
	}
	if err != nil {
		if im, reason, ok := e.IllegalMove(err); !ok || im != m || reason == "" {
			t.Fatalf("Apply(%v) error %#v, want an *IllegalMoveError with a reason", m, err)
		}
		if *s != before {
			t.Fatalf("illegal %v changed the position", m)
		}
		return false
	}
	if got, want := P(s).Actions(), P(&before).Actions()+1; got != want {
		t.Fatalf("%v: actions %d, want %d", m, got, want)
	}
	if m2, perr := e.ParseMove(m.String()); perr != nil || m2 != m {
		t.Fatalf("legal move %v does not round-trip its notation %q: %v", m, m.String(), perr)
	}
	e.CheckInvariants(t, s)
	return true
}

// TryIllegal draws n texts from all (every text the notation can write)
// and applies each move that is not legal at s: each must be refused by
// an *IllegalMoveError and leave s as it was (see ApplyChecked).
func (e Engine[S, M, P]) TryIllegal(t testing.TB, rng *rand.Rand, s *S, all []string, n int) {
	t.Helper()
	legal := e.Moves(s, nil)
	for range n {
		m, _ := e.ParseMove(all[rng.IntN(len(all))])
		if slices.Contains(legal, m) {
			continue
		}
		e.ApplyChecked(t, s, m, legal)
	}
}

// AsIllegal returns the IllegalMove of an Engine for an engine whose
// refusals are errors of type E wrapping sentinel (its ErrIllegalMove):
// fields reads the move and the reason of an E.
func AsIllegal[E error, M any](sentinel error, fields func(E) (M, string)) func(err error) (M, string, bool) {
	return func(err error) (M, string, bool) {
		var e E
		if !errors.As(err, &e) || !errors.Is(err, sentinel) {
			var zero M
			return zero, "", false
		}
		m, reason := fields(e)
		return m, reason, true
	}
}
