package main

import (
	"bufio"
	"fmt"
	"io"

	"github.com/solitaire-race/racer/internal/cli"
)

func init() {
	app.Register("play", "play moves read from stdin; print ok/illegal for each, the board and the result", runPlay)
}

// runPlay is "freecell play [--rules PROFILE] (--seed N | --deal DEAL)
// [--auto] [--trace]": it reads whitespace-separated moves from stdin and
// prints "ok MOVE" or "illegal MOVE: REASON" for each (MOVE as it was
// read), with --auto then "auto MOVE" for each safe move to the
// foundations played after it; at the end the board, then "result:
// won|stuck|playing", "actions: N" and "home: N". With --trace the board
// and "legal: …" come also before the first move and after each.
func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := app.FlagSet("play", stderr,
		"usage: freecell play [--rules PROFILE] (--seed N | --deal \"DEAL\") [--auto] [--trace] < moves",
		"Reads moves (3-5 3-5x4 3-a a-5 3-F a-F), whitespace-separated, from stdin and prints",
		"\"ok MOVE\" or \"illegal MOVE: REASON\" for each; an illegal move changes nothing.",
		"At the end: the board, \"result: won|stuck|playing\", \"actions: N\" and \"home: N\".")
	g := game.Flags(fs)
	auto := fs.Bool("auto", false, "after each legal move (and before the first) play the safe moves to the foundations, printing \"auto MOVE\" for each, as a page that plays them by itself")
	trace := fs.Bool("trace", false, "print the board and \"legal: M1 M2 …\" (every legal move, sorted bytewise) before the first move and after each")
	s, code, ok := game.Parse(app, fs, g, args)
	if !ok {
		return code
	}
	out := bufio.NewWriter(stdout)
	autoMoves := func() {
		if *auto {
			for _, m := range autoPlay(&s) {
				fmt.Fprintf(out, "auto %s\n", m)
			}
		}
	}
	trail := func() {
		fmt.Fprint(out, s.String())
		fmt.Fprintln(out, legalLine(&s))
	}
	autoMoves()
	if *trace {
		trail()
	}
	play := func(text string) error {
		if err := playText(&s, text); err != nil {
			return err
		}
		return nil
	}
	after := func() {
		autoMoves()
		if *trace {
			trail()
		}
	}
	if err := cli.PlayMoves(stdin, out, play, illegalReason, after); err != nil {
		out.Flush()
		fmt.Fprintf(stderr, "freecell play: reading moves: %v\n", err)
		return 1
	}
	if !*trace {
		fmt.Fprint(out, s.String())
	}
	fmt.Fprintf(out, "result: %s\nactions: %d\nhome: %d\n", cli.Result(s.Won(), s.Stuck()), s.Actions(), s.Home())
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "freecell play: %v\n", err)
		return 1
	}
	return 0
}
