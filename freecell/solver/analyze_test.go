package solver

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/freecell"
)

// TestAnalyzeFindsTheLosingMove: a random game of deal 1 soon throws the
// won deal away; the analysis says which move did, with a line that wins
// from the position before it, and its verdicts run won … won, lost ….
func TestAnalyzeFindsTheLosingMove(t *testing.T) {
	start := deal(t, "freecell", 1)
	rng := rand.New(rand.NewPCG(1, 1))
	var moves []freecell.Move
	s := start
	for len(moves) < 80 {
		ms := s.Moves()
		if len(ms) == 0 {
			break
		}
		m := ms[rng.IntN(len(ms))]
		_ = s.Apply(m)
		moves = append(moves, m)
		if Solve(context.Background(), s, Config{Timeout: time.Minute}).Verdict == Lost {
			break
		}
	}
	an, err := Analyze(context.Background(), start, moves, AnalyzeConfig{})
	if err != nil {
		t.Fatal(err)
	}
	n := len(moves)
	if len(an.Positions) != n+1 || an.Positions[0].Verdict != Won || an.Positions[n].Verdict != Lost {
		t.Fatalf("%d positions, first %v, last %v; want %d, won … lost", len(an.Positions), an.Positions[0].Verdict, an.Positions[n].Verdict, n+1)
	}
	k := an.FirstLost
	if k < 1 || an.Positions[k-1].Verdict != Won {
		t.Fatalf("first lost %d", k)
	}
	for i, p := range an.Positions {
		if want := i < k; (p.Verdict == Won) != want && p.Verdict != Unknown {
			t.Errorf("position %d: %v, want won before %d and lost from it", i, p.Verdict, k)
		}
	}
	before := start
	for _, m := range moves[:k-1] {
		_ = before.Apply(m)
	}
	if !replays(before, an.Line) {
		t.Errorf("the line from position %d does not win", k-1)
	}
	t.Logf("%d random moves; move %d (%s) lost the game", n, k, moves[k-1])
	bad := []freecell.Move{freecell.NewMove(freecell.CellPlace(0), freecell.Foundation, 1)}
	if _, err := Analyze(context.Background(), start, bad, AnalyzeConfig{}); err == nil || !strings.Contains(err.Error(), "move 1 (a-F)") {
		t.Errorf("an illegal move: got %v", err)
	}
}
