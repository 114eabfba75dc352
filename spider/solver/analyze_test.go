package solver

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/internal/solving"
	"github.com/solitaire-race/racer/spider"
)

// playout plays up to n moves of the deal of seed: the engine's hint,
// and one move in four a legal move picked by a pseudo-random generator
// of seed. It returns the moves played.
func playout(seed uint64, r spider.Rules, n int) []spider.Move {
	s := spider.MustNew(spider.NewDeal(seed, r.Suits), r)
	rng := seed*0x9E3779B97F4A7C15 | 1
	var out []spider.Move
	for len(out) < n && !s.Won() {
		m, ok := spider.Hint(&s)
		if !ok {
			break
		}
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		if rng%4 == 0 {
			legal := s.Moves()
			m = legal[rng>>8%uint64(len(legal))]
		}
		if err := s.Apply(m); err != nil {
			panic(err)
		}
		out = append(out, m)
	}
	return out
}

func TestAnalyzeGames(t *testing.T) {
	seeds := uint64(4)
	if testing.Short() {
		seeds = 1
	}
	budget := solving.AnalysisBudget{MaxNodes: 100_000, Timeout: time.Hour, GameNodes: 1_000_000, GameTimeout: time.Hour}
	for _, name := range []string{"spider-1", "spider-2"} {
		t.Run(name, func(t *testing.T) {
			r := mustProfile(t, name)
			for seed := uint64(1); seed <= seeds; seed++ {
				moves := playout(seed, r, 100)
				start := spider.MustNew(spider.NewDeal(seed, r.Suits), r)
				a, err := Analyze(context.Background(), start, moves, AnalyzeConfig{AnalysisBudget: budget})
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if len(a.Positions) != len(moves)+1 {
					t.Fatalf("seed %d: got %d verdicts, want %d", seed, len(a.Positions), len(moves)+1)
				}
				s, lost := start, -1
				for i, p := range a.Positions {
					if i > 0 {
						if err := s.Apply(moves[i-1]); err != nil {
							t.Fatal(err)
						}
					}
					switch {
					case p.Verdict == Lost && lost < 0:
						lost = i
					case p.Verdict == Won && lost >= 0:
						t.Errorf("seed %d: position %d won after position %d lost", seed, i, lost)
					}
					if p.Line != nil {
						replayWins(t, s, Result{Moves: p.Line})
					}
				}
				t.Logf("seed %d: %d moves, %d nodes, %v: %s", seed, len(moves), a.Nodes, a.Duration, letters(a))
				if k := a.FirstLost; k >= 0 {
					if a.Positions[k-1].Verdict != Won || a.Positions[k].Verdict != Lost || len(a.Line) == 0 {
						t.Errorf("seed %d: first lost %d: got %v then %v, line %v; want won, lost and a line", seed, k, a.Positions[k-1].Verdict, a.Positions[k].Verdict, a.Line)
					} else if a.Line[0] == moves[k-1] {
						t.Errorf("seed %d: the winning line starts with the losing move %v", seed, moves[k-1])
					}
				}
				if a.Positions[0].Verdict != Won {
					t.Errorf("seed %d: first position %v, want won", seed, a.Positions[0].Verdict)
				}
				res := Solve(context.Background(), start, Config{MaxNodes: budget.MaxNodes, Timeout: time.Hour})
				if p := a.Positions[0]; p.Searched && p.Verdict != res.Verdict {
					t.Errorf("seed %d: verdict 0 %v, Solve %v with the same budget", seed, p.Verdict, res.Verdict)
				}
			}
		})
	}
}

func TestAnalyzeIllegalMove(t *testing.T) {
	r := mustProfile(t, "spider-1")
	start := spider.MustNew(spider.NewDeal(1, r.Suits), r)
	moves := []spider.Move{spider.DealMove(), spider.ColumnMove(0, 1, 13)}
	_, err := Analyze(context.Background(), start, moves, AnalyzeConfig{})
	if err == nil || !strings.Contains(err.Error(), "move 2 (1-2x13)") {
		t.Fatalf("got error %v, want one naming move 2 (1-2x13)", err)
	}
}

// letters returns a's verdicts, one letter a position (w, l, u).
func letters(a Analysis) string {
	b := make([]byte, len(a.Positions))
	for i, p := range a.Positions {
		b[i] = p.Verdict.String()[0]
	}
	return string(b)
}
