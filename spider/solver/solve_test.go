package solver

import (
	"context"
	"testing"
	"time"

	"github.com/solitaire-race/racer/spider"
)

// replayWins checks that a won result's line replays through the engine
// to a win.
func replayWins(t *testing.T, s spider.State, res Result) {
	t.Helper()
	for i, m := range res.Moves {
		if err := s.Apply(m); err != nil {
			t.Fatalf("move %d of the line (%v): %v", i, m, err)
		}
	}
	if !s.Won() {
		t.Fatalf("line of %d moves does not win: got %d runs completed, want 8", len(res.Moves), s.Completed())
	}
}

func mustProfile(t testing.TB, name string) spider.Rules {
	t.Helper()
	r, err := spider.Profile(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestSolveSeedsReplay solves the first deals of each profile within
// 50,000 nodes: none is lost, enough are won, every won line replays.
// With -short it tries the first half of each profile's seeds and wants
// half the wins.
func TestSolveSeedsReplay(t *testing.T) {
	for _, tc := range []struct {
		profile string
		seeds   uint64 // seeds 1 … seeds are tried
		want    int    // wins wanted among them
	}{
		{"spider-1", 10, 10},
		{"spider-2", 10, 10},
		{"spider-4", 10, 8},
		{"spider-1-std", 10, 10},
		{"spider-2-std", 6, 4},
		{"spider-4-std", 1, 0},
	} {
		if testing.Short() {
			tc.seeds, tc.want = (tc.seeds+1)/2, tc.want/2
		}
		t.Run(tc.profile, func(t *testing.T) {
			r := mustProfile(t, tc.profile)
			won := 0
			for seed := uint64(1); seed <= tc.seeds; seed++ {
				s := spider.MustNew(spider.NewDeal(seed, r.Suits), r)
				res := Solve(context.Background(), s, Config{MaxNodes: 50_000})
				if res.Nodes > 50_000 {
					t.Errorf("seed %d: got %d nodes, want at most 50000", seed, res.Nodes)
				}
				switch res.Verdict {
				case Won:
					won++
					replayWins(t, s, res)
				case Lost:
					// A real deal is not proven lost within 50,000 nodes.
					t.Errorf("seed %d: got lost, want won or unknown", seed)
				case Unknown:
					if res.Stop != "nodes" {
						t.Errorf("seed %d: unknown, stopped by %q, want \"nodes\"", seed, res.Stop)
					}
				}
			}
			t.Logf("%d of %d won", won, tc.seeds)
			if won < tc.want {
				t.Errorf("got %d won deals among %d seeds, want at least %d", won, tc.seeds, tc.want)
			}
		})
	}
}

// TestStandardWonImpliesPermissive checks that no deal is won under
// standard groups and lost under permissive ones (which allow every move
// the standard rule does), and that every won line replays.
func TestStandardWonImpliesPermissive(t *testing.T) {
	checked := 0
	for _, suits := range []int{1, 2} {
		std := spider.Rules{Suits: suits, Groups: spider.Standard}
		perm := spider.Rules{Suits: suits, Groups: spider.Permissive}
		for seed := uint64(100); seed < 110; seed++ {
			d := spider.NewDeal(seed, suits)
			sStd, sPerm := spider.MustNew(d, std), spider.MustNew(d, perm)
			rs := Solve(context.Background(), sStd, Config{MaxNodes: 20_000})
			rp := Solve(context.Background(), sPerm, Config{MaxNodes: 20_000})
			for _, x := range []struct {
				s   spider.State
				res Result
			}{{sStd, rs}, {sPerm, rp}} {
				if x.res.Verdict == Won {
					replayWins(t, x.s, x.res)
				}
			}
			if rs.Verdict == Won {
				checked++
				if rp.Verdict == Lost {
					t.Errorf("%d suits, seed %d: got won under standard groups and lost under permissive", suits, seed)
				}
			}
		}
	}
	if checked < 5 {
		t.Errorf("got %d deals won under standard groups, want at least 5 to mean something", checked)
	}
}

func TestSolveBudgets(t *testing.T) {
	r := mustProfile(t, "spider-4-std")
	s := spider.MustNew(spider.NewDeal(2, 4), r) // not won within 10 s

	res := Solve(context.Background(), s, Config{MaxNodes: 1000})
	if res.Verdict != Unknown || res.Stop != "nodes" || res.Nodes > 1000 {
		t.Errorf("1000 nodes: got %v stopped by %q after %d nodes, want unknown by nodes within 1000", res.Verdict, res.Stop, res.Nodes)
	}

	start := time.Now()
	res = Solve(context.Background(), s, Config{Timeout: 100 * time.Millisecond})
	if el := time.Since(start); res.Verdict != Unknown || res.Stop != "time" || el > time.Second {
		t.Errorf("100ms: got %v stopped by %q after %v, want unknown by time within 1s", res.Verdict, res.Stop, el)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res = Solve(ctx, s, Config{})
	if res.Verdict != Unknown || res.Stop != "canceled" {
		t.Errorf("canceled context: got %v stopped by %q, want unknown, canceled", res.Verdict, res.Stop)
	}

	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start = time.Now()
	res = Solve(ctx, s, Config{Timeout: time.Minute})
	if el := time.Since(start); res.Verdict != Unknown || el > time.Second {
		t.Errorf("context deadline 50ms: got %v after %v, want unknown within 1s", res.Verdict, el)
	}

	res = Solve(context.Background(), s, Config{MaxMemory: 64 << 10})
	if res.Verdict != Unknown || res.Stop != "memory" {
		t.Errorf("64 KiB table: got %v stopped by %q, want unknown by memory", res.Verdict, res.Stop)
	}
}

func TestSolveWonGame(t *testing.T) {
	r := mustProfile(t, "spider-1")
	s := spider.MustNew(spider.NewDeal(5, 1), r)
	res := Solve(context.Background(), s, Config{})
	if res.Verdict != Won {
		t.Fatalf("seed 5: got %v, want won", res.Verdict)
	}
	for _, m := range res.Moves {
		if err := s.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	again := Solve(context.Background(), s, Config{})
	if again.Verdict != Won || len(again.Moves) != 0 {
		t.Errorf("won game: got %v with %d moves, want won with none", again.Verdict, len(again.Moves))
	}
}

func TestHint(t *testing.T) {
	r := mustProfile(t, "spider-2")
	s := spider.MustNew(spider.NewDeal(9, 2), r)
	m, res, ok := Hint(context.Background(), s, Config{MaxNodes: 50_000})
	if !ok || res.Verdict != Won || m != res.Moves[0] {
		t.Fatalf("got %v (ok %v) from a %v search, want the first move of a winning line", m, ok, res.Verdict)
	}
	// With no budget to speak of, the engine's hint.
	m, res, ok = Hint(context.Background(), s, Config{MaxNodes: 1})
	want, wantOK := spider.Hint(&s)
	if res.Verdict == Won || m != want || ok != wantOK {
		t.Errorf("1 node: got %v (ok %v, %v), want spider.Hint's %v", m, ok, res.Verdict, want)
	}
	if err := s.Apply(m); err != nil {
		t.Errorf("hint %v: %v", m, err)
	}
}

func TestVerdictString(t *testing.T) {
	for v, want := range map[Verdict]string{Unknown: "unknown", Won: "won", Lost: "lost"} {
		if got := v.String(); got != want {
			t.Errorf("Verdict(%d): got %q, want %q", v, got, want)
		}
	}
}

func TestLuby(t *testing.T) {
	want := []int64{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1}
	for i, w := range want {
		if got := luby(uint64(i + 1)); got != w {
			t.Errorf("luby(%d): got %d, want %d", i+1, got, w)
		}
	}
}

func TestToEngineChecksTheLine(t *testing.T) {
	r := mustProfile(t, "spider-1")
	s := spider.MustNew(spider.NewDeal(5, 1), r)
	for _, tc := range []struct {
		name string
		path []mv
		n    int
	}{
		{"refused", []mv{{deal: true}, {from: 0, to: 0, n: 1}}, 1},
		{"legal, no win", []mv{{deal: true}}, 1},
	} {
		got, ok := toEngine(s, tc.path)
		if ok || len(got) != tc.n {
			t.Errorf("%s: got %d moves, ok %v; want %d moves, not ok", tc.name, len(got), ok, tc.n)
		}
	}
}
