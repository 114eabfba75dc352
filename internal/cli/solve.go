package cli

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"
)

// SolveFlags are the flags of "solve": the search's budgets and --json.
type SolveFlags struct {
	Timeout   time.Duration
	Nodes     int64
	MemoryMiB int64
	JSON      bool
}

// Register defines --timeout, --nodes, --memory and --json on fs, with
// the budgets of defaults as their defaults.
func (f *SolveFlags) Register(fs *flag.FlagSet, defaults SolveFlags) {
	fs.DurationVar(&f.Timeout, "timeout", defaults.Timeout, "give up (result unknown) after this long")
	fs.Int64Var(&f.Nodes, "nodes", defaults.Nodes, "give up (result unknown) after searching this many positions")
	fs.Int64Var(&f.MemoryMiB, "memory", defaults.MemoryMiB, "bound of the transposition table, in MiB")
	fs.BoolVar(&f.JSON, "json", false, `print one JSON object {"result": "won|lost|unknown", "moves": [...], "nodes": N, "seconds": S}`)
}

// Problem returns a usage error's message when a budget is not positive,
// and "" otherwise.
func (f *SolveFlags) Problem() string {
	if f.Timeout <= 0 || f.Nodes <= 0 || f.MemoryMiB <= 0 {
		return "solve: --timeout, --nodes and --memory must be positive"
	}
	return ""
}

// Solution is what a solver found, as "solve" prints it.
type Solution struct {
	// Verdict is "won", "lost" or "unknown".
	Verdict string
	// Stop names the budget that ran out, if one did.
	Stop string
	// Moves is the winning line, in move notation, when Verdict is "won".
	Moves []string
	// Nodes is the number of positions searched.
	Nodes int64
	// Duration is the time the search took.
	Duration time.Duration
}

// solutionJSON is the one object "solve --json" prints.
type solutionJSON struct {
	Result  string   `json:"result"`
	Moves   []string `json:"moves"`
	Nodes   int64    `json:"nodes"`
	Seconds float64  `json:"seconds"`
}

// PrintSolution writes s to stdout, as one JSON object when asJSON is
// set, as lines of text otherwise, and returns the exit status.
func (a *App) PrintSolution(stdout, stderr io.Writer, s Solution, asJSON bool) int {
	moves := s.Moves
	if moves == nil {
		moves = []string{}
	}
	if asJSON {
		b, err := json.Marshal(solutionJSON{Result: s.Verdict, Moves: moves, Nodes: s.Nodes, Seconds: s.Duration.Seconds()})
		if err != nil {
			fmt.Fprintf(stderr, "%s solve: %v\n", a.name, err)
			return 1
		}
		fmt.Fprintf(stdout, "%s\n", b)
		return 0
	}
	fmt.Fprintf(stdout, "result: %s\n", s.Verdict)
	if s.Stop != "" {
		fmt.Fprintf(stdout, "stopped: %s budget\n", s.Stop)
	}
	if s.Verdict == "won" {
		fmt.Fprintf(stdout, "moves (%d): %s\n", len(moves), strings.Join(moves, " "))
	}
	fmt.Fprintf(stdout, "nodes: %d\n", s.Nodes)
	fmt.Fprintf(stdout, "seconds: %.3f\n", s.Duration.Seconds())
	return 0
}

// Strings returns the text of each of xs, like the moves of a line.
func Strings[T fmt.Stringer](xs []T) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = x.String()
	}
	return out
}

// SolveCommand returns the subcommand "solve" of game: it parses the game
// flags and the SolveFlags (with budgets as defaults), calls solve and
// prints its Solution. usage is the
// flag set's usage text (see App.FlagSet).
func SolveCommand[R, D, S any](a *App, game Game[R, D, S], budgets SolveFlags, solve func(S, SolveFlags) Solution, usage ...string) Run {
	return func(args []string, _ io.Reader, stdout, stderr io.Writer) int {
		fs := a.FlagSet("solve", stderr, usage...)
		g := game.Flags(fs)
		var f SolveFlags
		f.Register(fs, budgets)
		s, code, ok := game.Parse(a, fs, g, args)
		if !ok {
			return code
		}
		if problem := f.Problem(); problem != "" {
			return a.UsageError(fs, problem)
		}
		return a.PrintSolution(stdout, stderr, solve(s, f), f.JSON)
	}
}
