package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/solitaire-race/racer/klondike"
)

func init() {
	register("play", "play moves read from stdin; print ok/illegal for each and the result", runPlay)
}

// runPlay is "klondike play --rules PROFILE (--seed N | --deal DEAL)
// [--trace]": it reads whitespace-separated moves from stdin and prints
// "ok MOVE" or "illegal MOVE: REASON" for each (MOVE as it was read), with
// --trace "legal: …" before the first move and after each, and at the end
// "result: won|stuck|playing", "actions: N" and "foundations: N".
func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var g gameFlags
	g.register(fs)
	trace := fs.Bool("trace", false, "print \"legal: M1 M2 …\" (every legal move, sorted bytewise) before the first move and after each")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: klondike play [--rules PROFILE] (--seed N | --deal \"DEAL\") [--trace] < moves")
		fmt.Fprintln(fs.Output(), "Reads moves (D R W-3 W-F 3-F 3-5x4 FH-3), whitespace-separated, from stdin and prints")
		fmt.Fprintln(fs.Output(), "\"ok MOVE\" or \"illegal MOVE: REASON\" for each; an illegal move changes nothing.")
		fmt.Fprintln(fs.Output(), "At the end: \"result: won|stuck|playing\", \"actions: N\", \"foundations: N\".")
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
	printLegal := func() {
		if legal := legalMoves(&s); legal != "" {
			fmt.Fprintf(out, "legal: %s\n", legal)
		} else {
			fmt.Fprintln(out, "legal:")
		}
	}
	if *trace {
		printLegal()
	}
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	sc.Split(bufio.ScanWords)
	for sc.Scan() {
		text := sc.Text()
		m, err := klondike.ParseMove(text)
		if err == nil {
			err = s.Apply(m)
		}
		var ie *klondike.IllegalMoveError
		switch {
		case err == nil:
			fmt.Fprintf(out, "ok %s\n", text)
		case errors.As(err, &ie):
			fmt.Fprintf(out, "illegal %s: %s\n", text, ie.Reason)
		default:
			fmt.Fprintf(out, "illegal %s: %v\n", text, err)
		}
		if *trace {
			printLegal()
		}
	}
	if err := sc.Err(); err != nil {
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

// result names the state of the game: won, stuck or playing.
func result(s *klondike.State) string {
	switch {
	case s.Won():
		return "won"
	case s.Stuck():
		return "stuck"
	}
	return "playing"
}

// legalMoves returns every legal move of s in notation, sorted bytewise
// and separated by spaces.
func legalMoves(s *klondike.State) string {
	var buf [64]klondike.Move
	ms := s.Moves(buf[:0])
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = m.String()
	}
	slices.Sort(names) // strings compare bytewise
	return strings.Join(names, " ")
}
