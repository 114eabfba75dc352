package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cli/clitest"
	"github.com/solitaire-race/racer/spider"
)

func TestSolveJSONReplays(t *testing.T) {
	for _, profile := range []string{"spider-1", "spider-2", "spider-4"} {
		out, errOut, code := clitest.Exec(t, app, "", "solve", "--rules", profile, "--seed", "3", "--json")
		if code != 0 {
			t.Fatalf("%s: exit %d, want 0; stderr %q", profile, code, errOut)
		}
		var got struct {
			Result  string   `json:"result"`
			Moves   []string `json:"moves"`
			Nodes   int64    `json:"nodes"`
			Seconds float64  `json:"seconds"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%s: output %q: %v", profile, out, err)
		}
		if got.Result != "won" || got.Nodes <= 0 || got.Seconds < 0 {
			t.Fatalf("%s: got %+v, want won with nodes and seconds", profile, got)
		}
		rules, _ := spider.Profile(profile)
		s := spider.MustNew(spider.NewDeal(3, rules.Suits), rules)
		for _, text := range got.Moves {
			m, err := spider.ParseMove(text)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Apply(m); err != nil {
				t.Fatalf("%s: move %s: %v", profile, text, err)
			}
		}
		if !s.Won() {
			t.Errorf("%s: the printed line does not win", profile)
		}
	}
}

func TestSolveText(t *testing.T) {
	deal := spider.NewDeal(10, 2).String()
	clitest.WantOutput(t, app, []string{"solve", "--rules", "spider-2", "--deal", deal}, "result: won\n", "moves (", "nodes: ", "seconds: ")
	out, _, code := clitest.Exec(t, app, "", "solve", "--rules", "spider-4-std", "--seed", "2", "--nodes", "5")
	if code != 0 || !strings.Contains(out, "result: unknown\n") || !strings.Contains(out, "stopped: nodes budget") {
		t.Errorf("5 nodes: exit %d, output %q; want unknown, stopped by nodes", code, out)
	}
	out, _, _ = clitest.Exec(t, app, "", "solve", "--rules", "spider-4-std", "--seed", "2", "--nodes", "5", "--json")
	if !strings.HasPrefix(out, `{"result":"unknown","moves":[],"nodes":`) {
		t.Errorf("5 nodes, --json: got %q, want unknown with an empty move list", out)
	}
}

func TestSolveUsageErrors(t *testing.T) {
	clitest.SolveUsage(t, app)
}
