package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"github.com/solitaire-race/racer/internal/cli"
	"github.com/solitaire-race/racer/klondike"
)

func init() {
	app.Register("play", "play moves read from stdin; print ok/illegal for each and the result", runPlay)
}

// runPlay is "klondike play --rules PROFILE (--seed N | --deal DEAL)
// [--trace]": it reads whitespace-separated moves from stdin and prints
// "ok MOVE" or "illegal MOVE: REASON" for each (MOVE as it was read), with
// --trace "legal: …" before the first move and after each, and at the end
// "result: won|stuck|playing", "actions: N" and "foundations: N".
func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := app.FlagSet("play", stderr,
		"usage: klondike play [--rules PROFILE] (--seed N | --deal \"DEAL\") [--trace] < moves",
		"Reads moves (D R W-3 W-F 3-F 3-5x4 FH-3), whitespace-separated, from stdin and prints",
		"\"ok MOVE\" or \"illegal MOVE: REASON\" for each; an illegal move changes nothing.",
		"At the end: \"result: won|stuck|playing\", \"actions: N\", \"foundations: N\".")
	g := game.Flags(fs)
	trace := fs.Bool("trace", false, "print \"legal: M1 M2 …\" (every legal move, sorted bytewise) before the first move and after each")
	s, code, ok := game.Parse(app, fs, g, args)
	if !ok {
		return code
	}
	out := bufio.NewWriter(stdout)
	printLegal := func() {
		if legal := legalMoves(&s); legal != "" {
			fmt.Fprintf(out, "legal: %s\n", legal)
		} else {
			fmt.Fprintln(out, "legal:")
		}
	}
	var after func()
	if *trace {
		printLegal()
		after = printLegal
	}
	play := func(text string) error {
		m, err := klondike.ParseMove(text)
		if err != nil {
			return err
		}
		return s.Apply(m)
	}
	if err := cli.PlayMoves(stdin, out, play, illegalReason, after); err != nil {
		out.Flush()
		fmt.Fprintf(stderr, "klondike play: reading moves: %v\n", err)
		return 1
	}
	fmt.Fprintf(out, "result: %s\nactions: %d\nfoundations: %d\n", result(&s), s.Actions(), s.FoundationCards())
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "klondike play: %v\n", err)
		return 1
	}
	return 0
}

// illegalReason returns the reason of an illegal move, or else err's text.
func illegalReason(err error) string {
	if ie, ok := errors.AsType[*klondike.IllegalMoveError](err); ok {
		return ie.Reason
	}
	return err.Error()
}

// result names the state of the game: won, stuck or playing.
func result(s *klondike.State) string { return cli.Result(s.Won(), s.Stuck()) }

// legalMoves returns every legal move of s in notation, sorted bytewise
// and separated by spaces.
func legalMoves(s *klondike.State) string {
	var buf [64]klondike.Move
	return cli.SortedMoves(s.Moves(buf[:0]))
}
