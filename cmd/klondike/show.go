package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/solitaire-race/racer/klondike"
)

func init() {
	app.Register("show", "print a position for a person: the player's view, or every card with --reveal", runShow)
}

// runShow is "klondike show [--rules PROFILE] (--seed N | --deal DEAL)
// [--moves "D 3-5 …"] [--reveal]".
func runShow(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := app.FlagSet("show", stderr,
		"usage: klondike show [--rules PROFILE] (--seed N | --deal \"DEAL\") [--moves \"D 3-5 …\"] [--reveal]",
		"Prints the position after the moves as text: the player's view, or with --reveal every card.")
	g := game.Flags(fs)
	moves := fs.String("moves", "", "moves to play first, whitespace-separated, like \"D 3-5 W-F\"; each must be legal")
	reveal := fs.Bool("reveal", false, "show face-down cards (in parentheses) and the stock; default: only what the player sees")
	s, code, ok := game.Parse(app, fs, g, args)
	if !ok {
		return code
	}
	for i, text := range strings.Fields(*moves) {
		m, err := klondike.ParseMove(text)
		if err == nil {
			err = s.Apply(m)
		}
		if err != nil {
			return app.UsageError(fs, fmt.Sprintf("show: --moves: move %d %q: %v", i+1, text, err))
		}
	}
	r := s.Rules()
	fmt.Fprintf(stdout, "rules: %s (draw %d)  result: %s\n", r.Name, r.Draw, result(&s))
	if *reveal {
		fmt.Fprint(stdout, s.String())
	} else {
		fmt.Fprint(stdout, s.View().String())
	}
	fmt.Fprintf(stdout, "legal: %s\n", legalMoves(&s))
	return 0
}
