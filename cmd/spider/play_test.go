package main

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cli/clitest"
	"github.com/solitaire-race/racer/spider"
	"github.com/solitaire-race/racer/spider/solver"
)

func TestPlayTrace(t *testing.T) {
	moves := []string{"D", "1-2", "3-3", "zz", "5-7", "D"}
	out, errOut, code := clitest.Exec(t, app, strings.Join(moves, "  \n\t"), "play", "--rules", "spider-2", "--seed", "3", "--trace")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	// The expected transcript, from the engine.
	rules, _ := spider.Profile("spider-2")
	s := spider.MustNew(spider.NewDeal(3, 2), rules)
	legal := func() string {
		var names []string
		for _, m := range s.Moves() {
			names = append(names, m.String())
		}
		slices.Sort(names)
		return strings.TrimSpace("legal: " + strings.Join(names, " "))
	}
	var want strings.Builder
	want.WriteString(s.View().String() + legal() + "\n")
	for _, text := range moves {
		m, err := spider.ParseMove(text)
		if err == nil {
			err = s.Apply(m)
		}
		switch e := err.(type) {
		case nil:
			want.WriteString("ok " + text + "\n")
		case *spider.IllegalMoveError:
			want.WriteString("illegal " + text + ": " + e.Reason + "\n")
		default:
			want.WriteString("illegal " + text + ": " + err.Error() + "\n")
		}
		want.WriteString(s.View().String() + legal() + "\n")
	}
	fmt.Fprintf(&want, "result: playing\nactions: %d\ncompleted: 0\nface-down: %d\n", s.Actions(), s.FaceDownCount())
	if out != want.String() {
		t.Errorf("got:\n%s\nwant:\n%s", out, want.String())
	}
	for _, line := range []string{
		"ok D",
		`illegal 3-3: spider: bad notation: move "3-3": a column cannot move onto itself`,
		"stock: 30 cards (3 deals)",
	} {
		if !strings.Contains(out, line+"\n") {
			t.Errorf("output lacks the line %q", line)
		}
	}
	if regexp.MustCompile(`\([A2-9TJQK][CDHS]\)`).MatchString(out) {
		t.Errorf("the board shows a face-down card:\n%s", out)
	}
}

// wonLine returns a winning line for a deal, from the solver.
func wonLine(t *testing.T, profile string, seed uint64) []string {
	t.Helper()
	rules, _ := spider.Profile(profile)
	res := solver.Solve(context.Background(), spider.MustNew(spider.NewDeal(seed, rules.Suits), rules), solver.Config{})
	if res.Verdict != solver.Won {
		t.Fatalf("%s seed %d: the solver found no win", profile, seed)
	}
	var out []string
	for _, m := range res.Moves {
		out = append(out, m.String())
	}
	return out
}

func TestPlayResults(t *testing.T) {
	won := wonLine(t, "spider-1", 5)
	tests := []struct {
		name  string
		args  []string
		stdin string
		tail  string
	}{
		{"won", []string{"--rules", "spider-1", "--seed", "5"}, strings.Join(won, " "),
			fmt.Sprintf("result: won\nactions: %d\ncompleted: 8\nface-down: 0\n", len(won))},
		{"won then more", []string{"--seed", "5"}, strings.Join(won, " ") + " D",
			fmt.Sprintf("result: won\nactions: %d\ncompleted: 8\nface-down: 0\n", len(won))},
		{"playing", []string{"--seed", "42"}, "", "result: playing\nactions: 0\ncompleted: 0\nface-down: 44\n"},
		{"five deals", []string{"--rules", "spider-4", "--seed", "42"}, "D D D D D D",
			"illegal D: the stock is empty\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := clitest.Exec(t, app, tt.stdin, append([]string{"play"}, tt.args...)...)
			if code != 0 || errOut != "" {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			if !strings.Contains(out, tt.tail) {
				t.Errorf("output ends:\n%s\nwant it to hold:\n%s", lastLines(out, 6), tt.tail)
			}
			if strings.Contains(out, "legal:") {
				t.Error("legal: lines without --trace")
			}
			n := len(strings.Fields(tt.stdin))
			// One line per move, the board (a header, the stock, ten
			// columns) and four result lines.
			if got := strings.Count(out, "\n"); got != n+12+4 {
				t.Errorf("%d lines, want one per move (%d), 12 of board and 4", got, n)
			}
		})
	}
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

func TestPlayUsageErrors(t *testing.T) {
	d := spider.NewDeal(3, 1).String()
	for _, tt := range []struct {
		args    []string
		problem string
	}{
		{[]string{"play"}, "give --seed N or --deal"},
		{[]string{"play", "--seed", "1", "--deal", d}, "not both"},
		{[]string{"play", "--rules", "nosuch", "--seed", "1"}, `unknown profile "nosuch"`},
		{[]string{"play", "--deal", "AS KS"}, "a deal is 104 cards, this one has 2"},
		{[]string{"play", "--rules", "spider-2", "--deal", d}, "the rules have 2 suits, the deal 1"},
		{[]string{"play", "--seed", "x"}, "seed"},
		{[]string{"play", "--seed", "1", "D"}, `unexpected argument "D"`},
		{[]string{"play", "--trace=maybe", "--seed", "1"}, "trace"},
	} {
		clitest.WantUsageError(t, app, "D", tt.args, tt.problem)
	}
	clitest.WantHelp(t, app, "play", "rules", "seed", "deal", "trace")
}

func TestPlayReadError(t *testing.T) {
	clitest.WantReadError(t, app, "D ", "play", "--seed", "1")
}
