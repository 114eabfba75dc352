package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/solitaire-race/racer/internal/cli"
	"github.com/solitaire-race/racer/spider"
)

func init() {
	app.Register("play", "play moves read from stdin; print ok/illegal for each, the board and the result", runPlay)
}

// runPlay is "spider play [--rules PROFILE] (--seed N | --deal DEAL)
// [--trace]": it reads whitespace-separated moves from stdin and prints
// "ok MOVE" or "illegal MOVE: REASON" for each (MOVE as it was read); at
// the end the board as the player sees it, then "result:
// won|stuck|playing", "actions: N", "completed: N" and "face-down: N".
// With --trace the board and "legal: …" come also before the first move
// and after each.
func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := app.FlagSet("play", stderr,
		"usage: spider play [--rules PROFILE] (--seed N | --deal \"DEAL\") [--trace] < moves",
		"Reads moves (D 3-5 3-5x4 10-1), whitespace-separated, from stdin and prints",
		"\"ok MOVE\" or \"illegal MOVE: REASON\" for each; an illegal move changes nothing.",
		"At the end: the board (face-down cards as ??), \"result: won|stuck|playing\",",
		"\"actions: N\", \"completed: N\" and \"face-down: N\".")
	g := game.Flags(fs)
	trace := fs.Bool("trace", false, "print the board and \"legal: M1 M2 …\" (every legal move, sorted bytewise) before the first move and after each")
	s, code, ok := game.Parse(app, fs, g, args)
	if !ok {
		return code
	}
	out := bufio.NewWriter(stdout)
	trail := func() {
		fmt.Fprint(out, s.View().String())
		fmt.Fprintln(out, legalLine(&s))
	}
	var after func()
	if *trace {
		trail()
		after = trail
	}
	play := func(text string) error {
		m, err := spider.ParseMove(text)
		if err != nil {
			return err
		}
		return s.Apply(m)
	}
	if err := cli.PlayMoves(stdin, out, play, illegalReason, after); err != nil {
		out.Flush()
		fmt.Fprintf(stderr, "spider play: reading moves: %v\n", err)
		return 1
	}
	if !*trace {
		fmt.Fprint(out, s.View().String())
	}
	fmt.Fprintf(out, "result: %s\nactions: %d\ncompleted: %d\nface-down: %d\n", cli.Result(s.Won(), s.Stuck()), s.Actions(), s.Completed(), s.FaceDownCount())
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "spider play: %v\n", err)
		return 1
	}
	return 0
}

// illegalReason returns the reason of an illegal move, or else err's text.
func illegalReason(err error) string {
	if ie, ok := errors.AsType[*spider.IllegalMoveError](err); ok {
		return ie.Reason
	}
	return err.Error()
}

// legalLine returns "legal:" and every legal move of s in notation,
// sorted bytewise.
func legalLine(s *spider.State) string {
	return strings.TrimSpace("legal: " + cli.SortedMoves(s.Moves()))
}
