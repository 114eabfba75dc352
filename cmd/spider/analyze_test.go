package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cli/clitest"
	"github.com/solitaire-race/racer/spider"
)

// thrownAway is a spider-1 game of seed 3 whose last move, 5-1, throws a
// won position away.
const thrownAway = "4-6 8-6 5-1 2-5 D 3-9x2 5-4 5-3x2 D 4-1x3 2-10 1-5 4-5 5-1x2 1-5x2 8-1 3-8x4 4-3 4-2 4-2 " +
	"8-5x5 1-2x4 5-2x6 2-4 5-1x2 1-8 3-5x2 5-6x3 6-5x2 2-6 6-3x3 9-3 6-1 6-4x2 1-4x3 4-2x3 1-2x2 2-8x2 D 1-4 " +
	"1-3 4-10 10-3x2 7-4 7-1 7-9 3-6 8-3 4-8x2 D 7-5x2 3-1 2-3 4-3 4-6x3 5-7x3 10-9 1-10x2 D 7-6 7-1x2 " +
	"6-10x4 7-2x2 7-2 1-10x3 9-7 2-5x5 5-6x6 2-8x4 8-1x5 5-1"

func TestAnalyzeJSON(t *testing.T) {
	moves := strings.Fields(thrownAway)
	out, errOut, code := clitest.Exec(t, app, "", "analyze", "--json", "--rules", "spider-1", "--seed", "3",
		"--timeout", "1h", "--game-timeout", "1h", "--moves", thrownAway)
	if code != 0 {
		t.Fatalf("exit %d, want 0; stderr %q", code, errOut)
	}
	var got struct {
		Verdicts  []string  `json:"verdicts"`
		FirstLost *int      `json:"first_lost"`
		Line      []string  `json:"line"`
		Nodes     []int64   `json:"nodes"`
		Seconds   []float64 `json:"seconds"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("output %q: %v", out, err)
	}
	want := append(slices.Repeat([]string{"won"}, len(moves)), "lost")
	if !slices.Equal(got.Verdicts, want) {
		t.Errorf("verdicts %v, want %d won then lost", got.Verdicts, len(moves))
	}
	if len(got.Nodes) != len(moves)+1 || len(got.Seconds) != len(moves)+1 {
		t.Errorf("%d nodes and %d seconds, want %d of each", len(got.Nodes), len(got.Seconds), len(moves)+1)
	}
	if got.FirstLost == nil || *got.FirstLost != len(moves) {
		t.Fatalf("first_lost %v, want %d", got.FirstLost, len(moves))
	}
	rules, _ := spider.Profile("spider-1")
	s := spider.MustNew(spider.NewDeal(3, rules.Suits), rules)
	for _, text := range append(moves[:len(moves)-1:len(moves)-1], got.Line...) {
		m, err := spider.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(m); err != nil {
			t.Fatalf("move %s: %v", text, err)
		}
	}
	if !s.Won() {
		t.Errorf("the line from position %d does not win", len(moves)-1)
	}
}

func TestAnalyzeUsageErrors(t *testing.T) {
	clitest.AnalyzeUsage(t, app, "1-2x13")
}
