package solver

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/internal/solving"
	"github.com/solitaire-race/racer/klondike"
)

// playout plays up to n moves of the deal of seed as a hasty player
// would: cards to the foundations first, then moves that turn a card up,
// then the waste to the tableau, else a draw, ties broken by a
// pseudo-random generator of seed, and now and then a draw instead of a
// better move. It returns the moves played.
func playout(seed uint64, r klondike.Rules, n int) []klondike.Move {
	s := klondike.MustNew(klondike.NewDeal(seed), r)
	rng := seed*0x9E3779B97F4A7C15 | 1
	var out []klondike.Move
	for idle := 0; len(out) < n && !s.Won() && idle < 60; {
		var buf [64]klondike.Move
		var best []klondike.Move
		var draw klondike.Move
		bestW := 0
		for _, m := range s.Moves(buf[:0]) {
			w := 0
			switch m.Kind {
			case klondike.ColumnToFoundation, klondike.WasteToFoundation:
				w = 4
			case klondike.ColumnToColumn:
				if down := s.FaceDown(int(m.From)); down > 0 && int(m.N) == s.ColumnLen(int(m.From))-down {
					w = 3
				}
			case klondike.WasteToColumn:
				w = 2
			case klondike.Draw, klondike.Recycle:
				w, draw = 1, m
			}
			switch {
			case w > bestW:
				best, bestW = append(best[:0], m), w
			case w == bestW && w > 0:
				best = append(best, m)
			}
		}
		if len(best) == 0 {
			break
		}
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		m := best[rng%uint64(len(best))]
		if bestW > 1 && draw.Kind != 0 && rng>>40%5 == 0 {
			m = draw
		}
		idle++
		if bestW > 1 {
			idle = 0
		}
		if err := s.Apply(m); err != nil {
			panic(err)
		}
		out = append(out, m)
	}
	return out
}

// analysisBudget decides by positions searched, never by time, so that
// the verdicts are the same on any machine.
var analysisBudget = solving.AnalysisBudget{MaxNodes: 200_000, Timeout: time.Hour, GameNodes: 2_000_000, GameTimeout: time.Hour}

func TestAnalyzeGames(t *testing.T) {
	seeds := uint64(12)
	if testing.Short() {
		seeds = 4
	}
	for _, name := range []string{"relaxed-3", "bvs"} {
		t.Run(name, func(t *testing.T) {
			r := mustProfile(t, name)
			thrown := 0
			for seed := uint64(1); seed <= seeds; seed++ {
				moves := playout(seed, r, 100)
				start := klondike.MustNew(klondike.NewDeal(seed), r)
				a, err := Analyze(context.Background(), start, moves, AnalyzeConfig{AnalysisBudget: analysisBudget})
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				checkAnalysis(t, seed, start, moves, a)
				if a.FirstLost >= 0 {
					thrown++
				}
			}
			if thrown == 0 {
				t.Errorf("no game of %d was thrown away: the test checks no first lost position", seeds)
			}
		})
	}
}

// checkAnalysis checks an analysis of the game of moves from start:
// one verdict a position, never won after lost, every line replaying to
// a win, the first lost position lost after a won one, and the first
// verdict the same as Solve's with the same budget.
func checkAnalysis(t *testing.T, seed uint64, start klondike.State, moves []klondike.Move, a Analysis) {
	t.Helper()
	if len(a.Positions) != len(moves)+1 {
		t.Fatalf("seed %d: got %d verdicts, want %d", seed, len(a.Positions), len(moves)+1)
	}
	states := []klondike.State{start}
	for _, m := range moves {
		s := states[len(states)-1]
		if err := s.Apply(m); err != nil {
			t.Fatal(err)
		}
		states = append(states, s)
	}
	lost := -1
	for i, p := range a.Positions {
		switch p.Verdict {
		case Lost:
			if lost < 0 {
				lost = i
			}
		case Won:
			if lost >= 0 {
				t.Errorf("seed %d: position %d won after position %d lost", seed, i, lost)
			}
		}
		if p.Line != nil {
			replayWins(t, states[i], Result{Moves: p.Line})
		}
	}
	if k := a.FirstLost; k >= 0 {
		if a.Positions[k-1].Verdict != Won || a.Positions[k].Verdict != Lost {
			t.Errorf("seed %d: first lost %d: got %v then %v, want won then lost", seed, k, a.Positions[k-1].Verdict, a.Positions[k].Verdict)
		}
		if len(a.Line) == 0 {
			t.Fatalf("seed %d: first lost %d without a line", seed, k)
		}
		replayWins(t, states[k-1], Result{Moves: a.Line})
		if a.Line[0] == moves[k-1] {
			t.Errorf("seed %d: the winning line starts with the losing move %v", seed, moves[k-1])
		}
		if res := Solve(context.Background(), states[k], Config{MaxNodes: 1_000_000, Timeout: time.Hour}); res.Verdict == Won {
			t.Errorf("seed %d: position %d, judged lost, is won by a longer search", seed, k)
		}
	}
	res := Solve(context.Background(), start, Config{MaxNodes: analysisBudget.MaxNodes, Timeout: time.Hour})
	got := a.Positions[0]
	switch {
	case got.Searched && got.Verdict != res.Verdict:
		t.Errorf("seed %d: verdict 0 %v, Solve %v with the same budget", seed, got.Verdict, res.Verdict)
	case res.Verdict != Unknown && got.Verdict != Unknown && got.Verdict != res.Verdict:
		t.Errorf("seed %d: verdict 0 %v, Solve %v", seed, got.Verdict, res.Verdict)
	}
}

func TestAnalyzeIllegalMove(t *testing.T) {
	r := mustProfile(t, "relaxed-3")
	start := klondike.MustNew(klondike.NewDeal(1), r)
	moves := []klondike.Move{klondike.DrawMove(), klondike.FoundationToColumnMove(klondike.Spades, 0)}
	_, err := Analyze(context.Background(), start, moves, AnalyzeConfig{})
	if err == nil || !strings.Contains(err.Error(), "move 2 (FS-1)") {
		t.Fatalf("got error %v, want one naming move 2 (FS-1)", err)
	}
}
