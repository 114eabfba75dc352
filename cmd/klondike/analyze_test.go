package main

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cli/clitest"
	"github.com/solitaire-race/racer/klondike"
)

// thrownAway is a relaxed-3 game of seed 2 whose eleventh move, 6-4x4,
// throws a won position away.
const thrownAway = "6-F D 4-F 6-F 6-5 3-2 W-6 5-6x2 W-3 W-4 6-4x4 D D D D D D D W-4 R"

// analyzeJSON runs "analyze --json" with args and decodes its object,
// checking that it has exactly the keys of the contract.
func analyzeJSON(t *testing.T, args ...string) (got struct {
	Verdicts  []string  `json:"verdicts"`
	FirstLost *int      `json:"first_lost"`
	Line      []string  `json:"line"`
	Nodes     []int64   `json:"nodes"`
	Seconds   []float64 `json:"seconds"`
}) {
	t.Helper()
	out, errOut, code := clitest.Exec(t, app, "", append([]string{"analyze", "--json", "--timeout", "1h", "--game-timeout", "1h"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d, want 0; stderr %q", code, errOut)
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &keys); err != nil {
		t.Fatalf("output %q: %v", out, err)
	}
	var names []string
	for k := range keys {
		names = append(names, k)
	}
	slices.Sort(names)
	want := []string{"first_lost", "line", "nodes", "seconds", "total_nodes", "total_seconds", "verdicts"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("keys %v, want %v", names, want)
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("output %q: %v", out, err)
	}
	return got
}

// replay applies the moves in notation to s.
func replay(t *testing.T, s *klondike.State, moves []string) {
	t.Helper()
	for _, text := range moves {
		m, err := klondike.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(m); err != nil {
			t.Fatalf("move %s: %v", text, err)
		}
	}
}

func TestAnalyzeJSON(t *testing.T) {
	moves := strings.Fields(thrownAway)
	got := analyzeJSON(t, "--rules", "relaxed-3", "--seed", "2", "--moves", thrownAway)
	want := slices.Repeat([]string{"won"}, 11)
	want = append(want, slices.Repeat([]string{"lost"}, 10)...)
	if !slices.Equal(got.Verdicts, want) {
		t.Errorf("verdicts %v, want %v", got.Verdicts, want)
	}
	if len(got.Nodes) != len(moves)+1 || len(got.Seconds) != len(moves)+1 {
		t.Errorf("%d nodes and %d seconds, want %d of each", len(got.Nodes), len(got.Seconds), len(moves)+1)
	}
	if got.FirstLost == nil || *got.FirstLost != 11 {
		t.Fatalf("first_lost %v, want 11", got.FirstLost)
	}
	rules, _ := klondike.Profile("relaxed-3")
	s := klondike.MustNew(klondike.NewDeal(2), rules)
	replay(t, &s, moves[:10])
	replay(t, &s, got.Line)
	if !s.Won() {
		t.Errorf("the line from position 10 does not win")
	}

	// verdicts[0] is what solve says of the deal with the same budget.
	out, _, _ := clitest.Exec(t, app, "", "solve", "--json", "--rules", "relaxed-3", "--seed", "2", "--nodes", "300000", "--timeout", "1h")
	var solved struct{ Result string }
	if err := json.Unmarshal([]byte(out), &solved); err != nil || solved.Result != got.Verdicts[0] {
		t.Errorf("solve says %q (%v), analyze %q", solved.Result, err, got.Verdicts[0])
	}
}

func TestAnalyzeNothingLost(t *testing.T) {
	// Ten moves of a won position: every verdict won, first_lost and line
	// null (the JSON literal, not absent).
	moves := strings.Join(strings.Fields(thrownAway)[:10], " ")
	deal := klondike.NewDeal(2).String()
	out, _, code := clitest.Exec(t, app, "", "analyze", "--json", "--rules", "relaxed-3", "--deal", deal, "--moves", moves)
	if code != 0 || !strings.Contains(out, `"first_lost":null`) || !strings.Contains(out, `"line":null`) {
		t.Errorf("exit %d, output %q; want first_lost and line null", code, out)
	}
	got := analyzeJSON(t, "--rules", "relaxed-3", "--deal", deal, "--moves", moves)
	if !slices.Equal(got.Verdicts, slices.Repeat([]string{"won"}, 11)) {
		t.Errorf("verdicts %v, want 11 won", got.Verdicts)
	}
}

func TestAnalyzeText(t *testing.T) {
	clitest.WantOutput(t, app, []string{"analyze", "--rules", "relaxed-3", "--seed", "2", "--moves", thrownAway},
		" 10 W-4    won ", "first lost: 11 (move 11, 6-4x4, lost a won game)\n", "winning line from position 10 (", "nodes: ")
}

func TestAnalyzeUsageErrors(t *testing.T) {
	clitest.AnalyzeUsage(t, app, "W-F")
}
