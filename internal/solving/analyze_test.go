package solving

import (
	"context"
	"math/bits"
	"testing"
	"time"
)

// oracle is a game of n moves whose positions before boundary are won and
// the rest lost; the positions in unknown the search cannot decide. A won
// position's line is the moves from there on, then a winning move (-1),
// so the game follows the line until its move boundary-1 leaves it.
type oracle struct {
	moves    []int
	boundary int
	unknown  map[int]bool
	searched []int
}

func newOracle(n, boundary int, unknown ...int) *oracle {
	o := &oracle{moves: make([]int, n), boundary: boundary, unknown: map[int]bool{}}
	for i := range o.moves {
		o.moves[i] = i
	}
	for _, i := range unknown {
		o.unknown[i] = true
	}
	return o
}

func (o *oracle) search(_ context.Context, i int, nodes int64, _ time.Duration) Searched[int] {
	o.searched = append(o.searched, i)
	switch {
	case o.unknown[i]:
		return Searched[int]{Verdict: Unknown, Nodes: nodes}
	case i < o.boundary:
		// A line that wins without following the game's moves.
		return Searched[int]{Verdict: Won, Line: []int{-1}, Nodes: min(nodes, 10)}
	}
	return Searched[int]{Verdict: Lost, Nodes: min(nodes, 10)}
}

// wantVerdicts checks a's verdicts against want, one letter a position
// (w, l, u).
func wantVerdicts(t *testing.T, a Analysis[int], want string) {
	t.Helper()
	got := make([]byte, len(a.Positions))
	for i, p := range a.Positions {
		got[i] = p.Verdict.String()[0]
	}
	if string(got) != want {
		t.Errorf("verdicts: got %s, want %s", got, want)
	}
}

func TestAnalyzeFindsTheBoundary(t *testing.T) {
	for _, n := range []int{0, 1, 2, 7, 80, 100} {
		for boundary := 0; boundary <= n+1; boundary++ {
			o := newOracle(n, boundary)
			a := Analyze(context.Background(), o.moves, AnalysisBudget{}, o.search)
			want := make([]byte, n+1)
			for i := range want {
				want[i] = "wl"[min(max(i-boundary+1, 0), 1)]
			}
			wantVerdicts(t, a, string(want))
			wantFirst := boundary
			if boundary == 0 || boundary > n {
				wantFirst = -1
			}
			if a.FirstLost != wantFirst {
				t.Errorf("n %d, boundary %d: first lost %d, want %d", n, boundary, a.FirstLost, wantFirst)
			}
			if wantFirst >= 0 && (len(a.Line) != 1 || a.Line[0] != -1) {
				t.Errorf("n %d, boundary %d: line %v, want the line of position %d", n, boundary, a.Line, wantFirst-1)
			}
			if limit := bits.Len(uint(n)) + 2; len(o.searched) > limit {
				t.Errorf("n %d, boundary %d: %d searches %v, want at most %d", n, boundary, len(o.searched), o.searched, limit)
			}
		}
	}
}

func TestAnalyzeUnknownBetween(t *testing.T) {
	// Won up to 3, lost from 6, 4 and 5 undecided: no first lost.
	o := newOracle(9, 5, 4, 5)
	a := Analyze(context.Background(), o.moves, AnalysisBudget{}, o.search)
	wantVerdicts(t, a, "wwwwuullll")
	if a.FirstLost != -1 || a.Line != nil {
		t.Errorf("first lost %d, line %v; want -1 and nil", a.FirstLost, a.Line)
	}
	// Only 4 undecided: the game was lost by move 4 or move 5.
	o = newOracle(9, 5, 4)
	a = Analyze(context.Background(), o.moves, AnalysisBudget{}, o.search)
	wantVerdicts(t, a, "wwwwulllll")
	if a.FirstLost != -1 {
		t.Errorf("first lost %d, want -1", a.FirstLost)
	}
	// The unknown position lies before a won one: it is won.
	o = newOracle(9, 6, 4)
	a = Analyze(context.Background(), o.moves, AnalysisBudget{}, o.search)
	wantVerdicts(t, a, "wwwwwwllll")
	if a.FirstLost != 6 || !a.Positions[4].Searched {
		t.Errorf("first lost %d, position 4 searched %v; want 6, true", a.FirstLost, a.Positions[4].Searched)
	}
}

func TestAnalyzeFollowsLines(t *testing.T) {
	// Position 0's line is the game's own moves up to 30, then another:
	// positions 1 … 30 are won without a search.
	o := newOracle(60, 31)
	search := func(ctx context.Context, i int, nodes int64, timeout time.Duration) Searched[int] {
		r := o.search(ctx, i, nodes, timeout)
		if i == 0 {
			r.Line = append(append([]int{}, o.moves[:30]...), -1)
		}
		return r
	}
	a := Analyze(context.Background(), o.moves, AnalysisBudget{}, search)
	if a.FirstLost != 31 {
		t.Fatalf("first lost %d, want 31", a.FirstLost)
	}
	for _, i := range o.searched {
		if i > 0 && i <= 30 {
			t.Errorf("searched position %d, which position 0's line decides", i)
		}
	}
	if p := a.Positions[30]; p.Searched || p.Verdict != Won || len(p.Line) != 1 || p.Line[0] != -1 {
		t.Errorf("position 30: got %+v, want won, not searched, line [-1]", p)
	}
}

func TestAnalyzeBudget(t *testing.T) {
	// Each search takes 10 nodes; 25 for the game allow three searches,
	// the last with 5 nodes.
	o := newOracle(100, 50)
	var asked []int64
	search := func(ctx context.Context, i int, nodes int64, timeout time.Duration) Searched[int] {
		asked = append(asked, nodes)
		return o.search(ctx, i, nodes, timeout)
	}
	a := Analyze(context.Background(), o.moves, AnalysisBudget{MaxNodes: 10, GameNodes: 25}, search)
	if len(asked) != 3 || asked[0] != 10 || asked[2] != 5 {
		t.Errorf("budgets asked %v, want [10 10 5]", asked)
	}
	if a.FirstLost != -1 || a.Nodes != 25 {
		t.Errorf("first lost %d, nodes %d; want -1, 25", a.FirstLost, a.Nodes)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	o = newOracle(10, 5)
	if a := Analyze(ctx, o.moves, AnalysisBudget{}, o.search); len(o.searched) != 0 || a.Positions[0].Verdict != Unknown {
		t.Errorf("canceled: searched %v, want nothing", o.searched)
	}
}
