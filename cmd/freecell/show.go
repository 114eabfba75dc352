package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/solitaire-race/racer/internal/cli"
)

func init() {
	app.Register("show", "print a position for a person, with its legal and safe moves", runShow)
}

// runShow is "freecell show [--rules PROFILE] (--seed N | --deal DEAL)
// [--moves "3-a 5-2 …"]".
func runShow(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := app.FlagSet("show", stderr,
		"usage: freecell show [--rules PROFILE] (--seed N | --deal \"DEAL\") [--moves \"3-a 5-2 …\"]",
		"Prints the position after the moves as text (every card: FreeCell hides none), whether it",
		"is won, stuck or playing, its legal moves and its safe moves to the foundations.")
	g := game.Flags(fs)
	moves := fs.String("moves", "", "moves to play first, whitespace-separated, like \"3-a 5-2 a-F\"; each must be legal")
	s, code, ok := game.Parse(app, fs, g, args)
	if !ok {
		return code
	}
	for i, text := range strings.Fields(*moves) {
		if err := playText(&s, text); err != nil {
			return app.UsageError(fs, fmt.Sprintf("show: --moves: move %d %q: %v", i+1, text, err))
		}
	}
	r := s.Rules()
	fmt.Fprintf(stdout, "rules: %s (%s)  result: %s\n", r.Name(), r, cli.Result(s.Won(), s.Stuck()))
	fmt.Fprint(stdout, s.String())
	fmt.Fprintln(stdout, legalLine(&s))
	fmt.Fprintln(stdout, strings.TrimSpace("safe: "+cli.SortedMoves(s.SafeMoves())))
	return 0
}
