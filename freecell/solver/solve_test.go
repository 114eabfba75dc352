package solver

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/solitaire-race/racer/freecell"
)

// TestMicrosoftDeals: deals 1 and 617 are won with a line that replays
// through the engine; 11982, the one deal of 1 … 32,000 that cannot be
// won, is proven lost by a search of every position. With -short it
// leaves out 617, whose search TestMidGame makes too.
func TestMicrosoftDeals(t *testing.T) {
	deals := []struct {
		seed uint64
		want Verdict
	}{{1, Won}, {617, Won}, {11982, Lost}}
	if testing.Short() {
		deals = slices.Delete(deals, 1, 2)
	}
	for _, tt := range deals {
		s := deal(t, "freecell", tt.seed)
		res := Solve(context.Background(), s, Config{Timeout: time.Minute})
		if res.Verdict != tt.want || res.Stop != "" {
			t.Fatalf("deal %d: got %v (stop %q), want %v", tt.seed, res.Verdict, res.Stop, tt.want)
		}
		if tt.want == Won && !replays(s, res.Moves) {
			t.Errorf("deal %d: the line does not win", tt.seed)
		}
		if tt.want == Lost && res.Moves != nil {
			t.Errorf("deal %d: lost with a line", tt.seed)
		}
		t.Logf("deal %d: %v, %d nodes, %d moves, %v", tt.seed, res.Verdict, res.Nodes, len(res.Moves), res.Duration)
	}
}

// TestFirstDeals: Microsoft's deals 1 … 1000 are all won (50 under
// -short), each line replaying to a win; the budget is the default.
func TestFirstDeals(t *testing.T) {
	n := uint64(1000)
	if testing.Short() {
		n = 50
	}
	var nodes int64
	for seed := uint64(1); seed <= n; seed++ {
		s := deal(t, "freecell", seed)
		res := Solve(context.Background(), s, Config{Timeout: time.Minute})
		if res.Verdict != Won || !replays(s, res.Moves) {
			t.Fatalf("deal %d: got %v (stop %q), want won with a line that replays", seed, res.Verdict, res.Stop)
		}
		nodes += res.Nodes
	}
	t.Logf("deals 1 … %d: %d nodes", n, nodes)
}

// TestFewerCells: a deal won with fewer free cells is won with more, and
// one lost with more is lost with fewer. It solves deals 1 … 40, 1 … 5
// with -short.
func TestFewerCells(t *testing.T) {
	n := uint64(40)
	if testing.Short() {
		n = 5
	}
	names := []string{"freecell-2", "freecell-3", "freecell"}
	counts := map[string]int{}
	for seed := uint64(1); seed <= n; seed++ {
		prev := Lost
		for _, name := range names {
			res := Solve(context.Background(), deal(t, name, seed), Config{Timeout: time.Minute})
			if res.Verdict == Unknown {
				t.Fatalf("deal %d, %s: unknown (%s)", seed, name, res.Stop)
			}
			if prev == Won && res.Verdict != Won {
				t.Errorf("deal %d: won with fewer cells, %v under %s", seed, res.Verdict, name)
			}
			prev = res.Verdict
			if res.Verdict == Won {
				counts[name]++
			}
		}
	}
	t.Logf("deals 1 … %d won: %v", n, counts)
}

// TestMidGame: positions along a winning line, free cells in use, solve
// to lines from there; a won position needs no search.
func TestMidGame(t *testing.T) {
	start := deal(t, "freecell", 617)
	res := Solve(context.Background(), start, Config{Timeout: time.Minute})
	if res.Verdict != Won {
		t.Fatalf("deal 617: got %v", res.Verdict)
	}
	for _, k := range []int{10, 40, 100, len(res.Moves)} {
		s := start
		for _, m := range res.Moves[:k] {
			_ = s.Apply(m)
		}
		got := Solve(context.Background(), s, Config{Timeout: time.Minute})
		if got.Verdict != Won || !replays(s, got.Moves) {
			t.Fatalf("after %d moves: got %v, want won with a line from the position", k, got.Verdict)
		}
		if k == len(res.Moves) && (len(got.Moves) != 0 || got.Nodes != 0) {
			t.Errorf("a won position: got %+v, want won without moves", got)
		}
	}
}

// TestBudgets: each budget that runs out gives unknown and says which.
func TestBudgets(t *testing.T) {
	s := deal(t, "freecell", 617) // a few ten thousand positions
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tt := range []struct {
		name string
		ctx  context.Context
		cfg  Config
		stop string
	}{
		{"nodes", context.Background(), Config{MaxNodes: 100}, "nodes"},
		{"time", context.Background(), Config{Timeout: time.Nanosecond}, "time"},
		{"memory", context.Background(), Config{MaxMemory: 1}, "memory"},
		{"canceled", canceled, Config{}, "canceled"},
	} {
		res := Solve(tt.ctx, s, tt.cfg)
		if res.Verdict != Unknown || res.Stop != tt.stop || res.Moves != nil {
			t.Errorf("%s: got %v stop %q, want unknown stop %q", tt.name, res.Verdict, res.Stop, tt.stop)
		}
	}
	// Nodes decide: the same budget gives the same verdict and count.
	a := Solve(context.Background(), s, Config{MaxNodes: 20_000, Timeout: time.Minute})
	b := Solve(context.Background(), s, Config{MaxNodes: 20_000, Timeout: time.Minute})
	if a.Verdict != b.Verdict || a.Nodes != b.Nodes {
		t.Errorf("two searches of one budget: %v %d and %v %d", a.Verdict, a.Nodes, b.Verdict, b.Nodes)
	}
}

// TestWinnable: deal 1 is proven winnable, 11982 (lost) is not, nor 617
// within 100 positions; rules that are not valid are an error. With
// -short it leaves out 11982, whose proof TestMicrosoftDeals and
// ExampleSolve make too.
func TestWinnable(t *testing.T) {
	r := mustProfile(t, "freecell")
	deals := []struct {
		seed uint64
		want bool
	}{{1, true}, {11982, false}}
	if testing.Short() {
		deals = deals[:1]
	}
	for _, tt := range deals {
		got, err := Winnable(context.Background(), r, tt.seed, 5_000_000, time.Minute)
		if got != tt.want || err != nil {
			t.Errorf("deal %d: got %v, %v; want %v", tt.seed, got, err, tt.want)
		}
	}
	if got, _ := Winnable(context.Background(), r, 617, 100, time.Minute); got {
		t.Error("deal 617 proven winnable in 100 positions")
	}
	if _, err := Winnable(context.Background(), freecell.Rules{}, 1, 100, time.Minute); err == nil {
		t.Error("no error for rules that are not valid")
	}
}
