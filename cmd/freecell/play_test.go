package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/freecell"
	"github.com/solitaire-race/racer/internal/cli/clitest"
)

func TestPlayTrace(t *testing.T) {
	moves := []string{"6-a", "6-b", "6-F", "3-3", "zz", "a-F", "5-2"}
	out, errOut, code := clitest.Exec(t, app, strings.Join(moves, "  \n\t"), "play", "--seed", "1", "--trace")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	// The expected transcript, from the engine.
	s := freecell.MustNew(freecell.NewDeal(1), freecell.Rules{Cells: 4})
	var want strings.Builder
	want.WriteString(s.String() + legalLine(&s) + "\n")
	for _, text := range moves {
		m, err := freecell.ParseMove(text)
		if err == nil {
			err = s.Apply(m)
		}
		switch e := err.(type) {
		case nil:
			want.WriteString("ok " + text + "\n")
		case *freecell.IllegalMoveError:
			want.WriteString("illegal " + text + ": " + e.Reason + "\n")
		default:
			want.WriteString("illegal " + text + ": " + err.Error() + "\n")
		}
		want.WriteString(s.String() + legalLine(&s) + "\n")
	}
	fmt.Fprintf(&want, "result: playing\nactions: %d\nhome: %d\n", s.Actions(), s.Home())
	if out != want.String() {
		t.Errorf("got:\n%s\nwant:\n%s", out, want.String())
	}
	for _, line := range []string{"ok 6-F", `illegal 3-3: freecell: bad notation: move "3-3": a card cannot move onto its own place`,
		"illegal a-F: 3D does not go on the diamonds foundation: it takes AD next"} {
		if !strings.Contains(out, line+"\n") {
			t.Errorf("output lacks the line %q", line)
		}
	}
}

// TestPlayAuto: with --auto the safe moves are played after each move and
// printed.
func TestPlayAuto(t *testing.T) {
	out, errOut, code := clitest.Exec(t, app, "6-a 6-b", "play", "--seed", "1", "--auto")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if !strings.HasPrefix(out, "ok 6-a\nok 6-b\nauto 6-F\nauto 6-F\nauto b-F\n") || !strings.HasSuffix(out, "result: playing\nactions: 5\nhome: 3\n") {
		t.Errorf("got:\n%s", out)
	}
}

func TestPlayResults(t *testing.T) {
	_, line := solveJSON(t, "--seed", "3")
	won := strings.Join(line, " ")
	tests := []struct {
		name  string
		args  []string
		stdin string
		tail  string
	}{
		{"won", []string{"--seed", "3"}, won, fmt.Sprintf("result: won\nactions: %d\nhome: 52\n", len(line))},
		{"won then more", []string{"--seed", "3"}, won + " 1-2", fmt.Sprintf("illegal 1-2: the game is already won\n%s", "home 52/52")},
		{"playing", []string{"--seed", "42"}, "", "result: playing\nactions: 0\nhome: 0\n"},
		{"stuck", []string{"--rules", "freecell-2", "--seed", "1"}, "7-a 7-b", "result: stuck\nactions: 2\nhome: 0\n"},
		{"stuck with a move left", []string{"--rules", "freecell-2", "--seed", "1"}, "4-a 4-b", "result: stuck\nactions: 2\nhome: 0\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := clitest.Exec(t, app, tt.stdin, append([]string{"play"}, tt.args...)...)
			if code != 0 || errOut != "" {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			if !strings.Contains(out, tt.tail) {
				t.Errorf("output:\n%s\nwant it to hold:\n%s", out, tt.tail)
			}
		})
	}
}

func TestPlayUsageErrors(t *testing.T) {
	d := freecell.NewDeal(3).String()
	for _, tt := range []struct {
		args    []string
		problem string
	}{
		{[]string{"play"}, "give --seed N or --deal"},
		{[]string{"play", "--seed", "1", "--deal", d}, "not both"},
		{[]string{"play", "--rules", "nosuch", "--seed", "1"}, `unknown profile "nosuch"`},
		{[]string{"play", "--deal", "AS KS"}, "a deal is 52 cards, this one has 2"},
		{[]string{"play", "--deal", d[:len(d)-2] + d[:2]}, "is twice in the deal"},
		{[]string{"play", "--seed", "x"}, "seed"},
		{[]string{"play", "--seed", "1", "1-a"}, `unexpected argument "1-a"`},
		{[]string{"play", "--trace=maybe", "--seed", "1"}, "trace"},
	} {
		clitest.WantUsageError(t, app, "1-a", tt.args, tt.problem)
	}
	clitest.WantHelp(t, app, "play", "rules", "seed", "deal", "trace", "auto")
}

func TestPlayReadError(t *testing.T) {
	clitest.WantReadError(t, app, "1-a ", "play", "--seed", "1")
}
