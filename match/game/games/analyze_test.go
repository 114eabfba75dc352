package games_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/games"
)

func TestAnalyze(t *testing.T) {
	budget := game.AnalysisBudget{MaxNodes: 300_000, Timeout: time.Hour, GameTimeout: time.Hour}
	for _, tt := range []struct {
		profile string
		seed    uint64
		moves   string
		first   int
	}{
		// The eleventh move, 6-4x4, throws a won position away.
		{"relaxed-3", 2, "6-F D 4-F 6-F 6-5 3-2 W-6 5-6x2 W-3 W-4 6-4x4 D D", 11},
		{"relaxed-3", 2, "6-F D 4-F", -1},
		{"spider-1", 3, "4-6 8-6 5-1 2-5 D", -1},
		{"freecell", 1, "7-a 7-b 7-c 7-F", -1},
	} {
		v, err := games.Lookup(tt.profile)
		if err != nil {
			t.Fatal(err)
		}
		an, ok := v.(game.Analyzer)
		if !ok {
			t.Fatalf("%s: the variant is no game.Analyzer", tt.profile)
		}
		moves := strings.Fields(tt.moves)
		a, err := an.Analyze(context.Background(), tt.seed, moves, budget)
		if err != nil {
			t.Fatalf("%s: %v", tt.profile, err)
		}
		if len(a.Verdicts) != len(moves)+1 || len(a.Nodes) != len(moves)+1 || len(a.Durations) != len(moves)+1 {
			t.Errorf("%s: %d verdicts, %d nodes, %d durations; want %d of each", tt.profile, len(a.Verdicts), len(a.Nodes), len(a.Durations), len(moves)+1)
		}
		if a.FirstLost != tt.first {
			t.Errorf("%s %q: first lost %d, want %d", tt.profile, tt.moves, a.FirstLost, tt.first)
		}
		if a.FirstLost < 0 && a.Line != nil {
			t.Errorf("%s: line %v without a first lost", tt.profile, a.Line)
		}
		// The line replays through the contract's own board to a win.
		if a.FirstLost >= 0 {
			b, err := game.Replay(v, tt.seed, append(moves[:a.FirstLost-1:a.FirstLost-1], a.Line...))
			if err != nil || !b.Won() {
				t.Errorf("%s: the line from position %d: %v, won %v; want a win", tt.profile, a.FirstLost-1, err, err == nil && b.Won())
			}
		}
	}
}

func TestAnalyzeErrors(t *testing.T) {
	v, _ := games.Lookup("relaxed-3")
	an := v.(game.Analyzer)
	for _, tt := range []struct {
		moves []string
		want  error
	}{
		{[]string{"D", "zz"}, game.ErrNotation},
		{[]string{"D", "FS-1"}, game.ErrIllegalMove},
	} {
		_, err := an.Analyze(context.Background(), 2, tt.moves, game.AnalysisBudget{})
		if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), "move 2") {
			t.Errorf("%v: got %v, want %v naming move 2", tt.moves, err, tt.want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := an.Analyze(ctx, 2, []string{"D"}, game.AnalysisBudget{}); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: got %v, want context.Canceled", err)
	}
}
