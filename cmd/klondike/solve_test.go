package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cli/clitest"
	"github.com/solitaire-race/racer/klondike"
)

func TestSolveJSONReplays(t *testing.T) {
	out, errOut, code := clitest.Exec(t, app, "", "solve", "--rules", "relaxed-3", "--seed", "10", "--json")
	if code != 0 {
		t.Fatalf("exit %d, want 0; stderr %q", code, errOut)
	}
	var got struct {
		Result  string   `json:"result"`
		Moves   []string `json:"moves"`
		Nodes   int64    `json:"nodes"`
		Seconds float64  `json:"seconds"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("output %q: %v", out, err)
	}
	if got.Result != "won" || got.Nodes <= 0 || got.Seconds < 0 {
		t.Fatalf("got %+v, want won with nodes and seconds", got)
	}
	rules, _ := klondike.Profile("relaxed-3")
	s := klondike.MustNew(klondike.NewDeal(10), rules)
	for _, text := range got.Moves {
		m, err := klondike.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(m); err != nil {
			t.Fatalf("move %s: %v", text, err)
		}
	}
	if !s.Won() {
		t.Errorf("the printed line does not win")
	}
}

func TestSolveText(t *testing.T) {
	deal := klondike.NewDeal(10).String()
	clitest.WantOutput(t, app, []string{"solve", "--rules", "relaxed-3", "--deal", deal}, "result: won\n", "moves (", "nodes: ", "seconds: ")
	out, _, code := clitest.Exec(t, app, "", "solve", "--rules", "relaxed-3", "--seed", "2", "--nodes", "5")
	if code != 0 || !strings.Contains(out, "result: unknown\n") || !strings.Contains(out, "stopped: nodes budget") {
		t.Errorf("5 nodes: exit %d, output %q; want unknown, stopped by nodes", code, out)
	}
}

func TestSolveUsageErrors(t *testing.T) {
	clitest.SolveUsage(t, app)
}
