package main

import (
	"fmt"
	"io"
	"strings"
)

func init() {
	app.Register("check", "check that a line of moves wins a deal", runCheck)
}

// runCheck is "freecell check [--rules PROFILE] (--seed N | --deal
// DEAL) [--moves "M1 M2 …"]", the moves from stdin without --moves: it
// replays them through the engine and says whether they win.
func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := app.FlagSet("check", stderr,
		"usage: freecell check [--rules PROFILE] (--seed N | --deal \"DEAL\") [--moves \"M1 M2 …\"] [< moves]",
		"Replays the moves (from --moves, or else whitespace-separated on stdin) from the deal",
		"through the engine, nothing played by itself, and prints \"ok: …\" and exits 0 when every",
		"move is legal and the last wins the game; otherwise it says which move fails, or how many",
		"cards are home at the end, and exits 1. Lines that \"solve\" prints pass.")
	g := game.Flags(fs)
	movesFlag := fs.String("moves", "", "the line, whitespace-separated, like \"3-a 5-2 a-F\"; read from stdin when not given")
	s, code, ok := game.Parse(app, fs, g, args)
	if !ok {
		return code
	}
	text := *movesFlag
	if text == "" {
		b, err := io.ReadAll(io.LimitReader(stdin, 1<<20))
		if err != nil {
			fmt.Fprintf(stderr, "freecell check: reading moves: %v\n", err)
			return 1
		}
		text = string(b)
	}
	moves := strings.Fields(text)
	for i, m := range moves {
		if s.Won() {
			fmt.Fprintf(stdout, "not a winning line: the game is won after move %d, %d moves follow\n", i, len(moves)-i)
			return 1
		}
		if err := playText(&s, m); err != nil {
			fmt.Fprintf(stdout, "not a winning line: move %d (%s): %s\n", i+1, m, illegalReason(err))
			return 1
		}
	}
	if !s.Won() {
		fmt.Fprintf(stdout, "not a winning line: %d cards home after %d moves\n", s.Home(), len(moves))
		return 1
	}
	fmt.Fprintf(stdout, "ok: %d moves win the deal under %s\n", len(moves), s.Rules().Name())
	return 0
}
