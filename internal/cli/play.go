package cli

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
)

// PlayMoves reads whitespace-separated moves from in and plays each with
// play, writing "ok MOVE" or "illegal MOVE: REASON" to out (MOVE as it
// was read, REASON from reason of play's error); after, when not nil,
// runs after each move. The error is one of reading in.
func PlayMoves(in io.Reader, out io.Writer, play func(text string) error, reason func(error) string, after func()) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	sc.Split(bufio.ScanWords)
	for sc.Scan() {
		text := sc.Text()
		if err := play(text); err != nil {
			fmt.Fprintf(out, "illegal %s: %s\n", text, reason(err))
		} else {
			fmt.Fprintf(out, "ok %s\n", text)
		}
		if after != nil {
			after()
		}
	}
	return sc.Err()
}

// SortedMoves returns the notation of moves, sorted bytewise and
// separated by spaces.
func SortedMoves[M fmt.Stringer](moves []M) string {
	names := Strings(moves)
	slices.Sort(names) // strings compare bytewise
	return strings.Join(names, " ")
}

// Result names the state of a game: "won", "stuck" or "playing".
func Result(won, stuck bool) string {
	switch {
	case won:
		return "won"
	case stuck:
		return "stuck"
	}
	return "playing"
}
