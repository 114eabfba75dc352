package main

import (
	"strconv"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cli/clitest"
)

func TestCheck(t *testing.T) {
	_, line := solveJSON(t, "--seed", "1")
	all := strings.Join(line, " ")
	tests := []struct {
		name  string
		args  []string
		stdin string
		code  int
		out   string
	}{
		{"the line on stdin", []string{"--seed", "1"}, all, 0, "ok: " + strconv.Itoa(len(line)) + " moves win the deal under freecell\n"},
		{"the line as a flag", []string{"--seed", "1", "--moves", all}, "", 0, "ok: "},
		{"one move short", []string{"--seed", "1"}, strings.Join(line[:len(line)-1], " "), 1, "not a winning line: 51 cards home after " + strconv.Itoa(len(line)-1) + " moves\n"},
		{"a move too many", []string{"--seed", "1"}, all + " 1-2", 1, "not a winning line: the game is won after move " + strconv.Itoa(len(line)) + ", 1 moves follow\n"},
		{"another deal", []string{"--seed", "2"}, all, 1, "not a winning line: move "},
		{"fewer cells", []string{"--rules", "freecell-2", "--seed", "1"}, "1-c", 1, "not a winning line: move 1 (1-c): there is no free cell c"},
		{"not a move", []string{"--seed", "1"}, "3-3", 1, `move 1 (3-3): freecell: bad notation: move "3-3"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := clitest.Exec(t, app, tt.stdin, append([]string{"check"}, tt.args...)...)
			if code != tt.code || !strings.HasPrefix(out, tt.out) && !strings.Contains(out, tt.out) || errOut != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d and %q", code, out, errOut, tt.code, tt.out)
			}
		})
	}
	clitest.WantUsageError(t, app, "", []string{"check"}, "--seed")
	clitest.WantHelp(t, app, "check", "rules", "seed", "deal", "moves")
	clitest.WantReadError(t, app, "1-a", "check", "--seed", "1")
}
