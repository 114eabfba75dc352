package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/solitaire-race/racer/spider"
)

func init() {
	register("play", "play moves read from stdin; print ok/illegal for each, the board and the result", runPlay)
}

// runPlay is "spider play [--rules PROFILE] (--seed N | --deal DEAL)
// [--trace]": it reads whitespace-separated moves from stdin and prints
// "ok MOVE" or "illegal MOVE: REASON" for each (MOVE as it was read); at
// the end the board as the player sees it, then "result:
// won|stuck|playing", "actions: N", "completed: N" and "face-down: N".
// With --trace the board and "legal: …" come also before the first move
// and after each.
func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var g gameFlags
	g.register(fs)
	trace := fs.Bool("trace", false, "print the board and \"legal: M1 M2 …\" (every legal move, sorted bytewise) before the first move and after each")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: spider play [--rules PROFILE] (--seed N | --deal \"DEAL\") [--trace] < moves")
		fmt.Fprintln(fs.Output(), "Reads moves (D 3-5 3-5x4 10-1), whitespace-separated, from stdin and prints")
		fmt.Fprintln(fs.Output(), "\"ok MOVE\" or \"illegal MOVE: REASON\" for each; an illegal move changes nothing.")
		fmt.Fprintln(fs.Output(), "At the end: the board (face-down cards as ??), \"result: won|stuck|playing\",")
		fmt.Fprintln(fs.Output(), "\"actions: N\", \"completed: N\" and \"face-down: N\".")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	s, problem := g.start(fs)
	if problem != "" {
		return usageError(fs, problem)
	}
	out := bufio.NewWriter(stdout)
	board := func() {
		fmt.Fprint(out, s.View().String())
	}
	if *trace {
		board()
		fmt.Fprintln(out, legalLine(&s))
	}
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	sc.Split(bufio.ScanWords)
	for sc.Scan() {
		text := sc.Text()
		m, err := spider.ParseMove(text)
		if err == nil {
			err = s.Apply(m)
		}
		var ie *spider.IllegalMoveError
		switch {
		case err == nil:
			fmt.Fprintf(out, "ok %s\n", text)
		case errors.As(err, &ie):
			fmt.Fprintf(out, "illegal %s: %s\n", text, ie.Reason)
		default:
			fmt.Fprintf(out, "illegal %s: %v\n", text, err)
		}
		if *trace {
			board()
			fmt.Fprintln(out, legalLine(&s))
		}
	}
	if err := sc.Err(); err != nil {
		out.Flush()
		fmt.Fprintf(stderr, "spider play: reading moves: %v\n", err)
		return 1
	}
	if !*trace {
		board()
	}
	fmt.Fprintf(out, "result: %s\nactions: %d\ncompleted: %d\nface-down: %d\n", result(&s), s.Actions(), s.Completed(), s.FaceDownCount())
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "spider play: %v\n", err)
		return 1
	}
	return 0
}

// result names the state of the game: won, stuck or playing.
func result(s *spider.State) string {
	switch {
	case s.Won():
		return "won"
	case s.Stuck():
		return "stuck"
	}
	return "playing"
}

// legalLine returns "legal:" and every legal move of s in notation,
// sorted bytewise.
func legalLine(s *spider.State) string {
	ms := s.Moves()
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = m.String()
	}
	slices.Sort(names) // strings compare bytewise
	return strings.TrimSpace("legal: " + strings.Join(names, " "))
}
