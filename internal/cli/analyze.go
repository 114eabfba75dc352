package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/solitaire-race/racer/internal/solving"
)

// AnalyzeFlags are the flags of "analyze": the moves, the budgets per
// position and per game, and --json.
type AnalyzeFlags struct {
	Moves       string
	Nodes       int64
	Timeout     time.Duration
	GameNodes   int64
	GameTimeout time.Duration
	MemoryMiB   int64
	JSON        bool
}

// Register defines the flags of "analyze" on fs; the budgets default to
// solving's analysis defaults and memoryMiB.
func (f *AnalyzeFlags) Register(fs *flag.FlagSet, memoryMiB int64) {
	fs.StringVar(&f.Moves, "moves", "", `the game's moves in the notation of "play", separated by spaces`)
	fs.Int64Var(&f.Nodes, "nodes", solving.DefaultAnalysisNodes, "positions searched at most for one position's verdict (unknown when exceeded)")
	fs.DurationVar(&f.Timeout, "timeout", solving.DefaultAnalysisTimeout, "longest search of one position (unknown when exceeded)")
	fs.Int64Var(&f.GameNodes, "game-nodes", solving.DefaultAnalysisGameNodes, "positions searched at most for the whole game")
	fs.DurationVar(&f.GameTimeout, "game-timeout", solving.DefaultAnalysisGameTimeout, "longest analysis of the whole game")
	fs.Int64Var(&f.MemoryMiB, "memory", memoryMiB, "bound of one search's transposition table, in MiB")
	fs.BoolVar(&f.JSON, "json", false, `print one JSON object {"verdicts": [...], "first_lost": K|null, "line": [...]|null, "nodes": [...], "seconds": [...]}`)
}

// Budget returns the analysis budget of the flags.
func (f *AnalyzeFlags) Budget() solving.AnalysisBudget {
	return solving.AnalysisBudget{MaxNodes: f.Nodes, Timeout: f.Timeout, GameNodes: f.GameNodes, GameTimeout: f.GameTimeout}
}

// problem returns a usage error's message when a budget is not positive,
// and "" otherwise.
func (f *AnalyzeFlags) problem() string {
	if f.Nodes <= 0 || f.Timeout <= 0 || f.GameNodes <= 0 || f.GameTimeout <= 0 || f.MemoryMiB <= 0 {
		return "analyze: --nodes, --timeout, --game-nodes, --game-timeout and --memory must be positive"
	}
	return ""
}

// analysisJSON is the one object "analyze --json" prints: per position
// (before any move, then after each) its verdict, the positions searched
// for it and the seconds the search took (0 for a verdict that follows
// from its neighbours).
type analysisJSON struct {
	Verdicts     []string  `json:"verdicts"`
	FirstLost    *int      `json:"first_lost"`
	Line         []string  `json:"line"`
	Nodes        []int64   `json:"nodes"`
	Seconds      []float64 `json:"seconds"`
	TotalNodes   int64     `json:"total_nodes"`
	TotalSeconds float64   `json:"total_seconds"`
}

// Move is a move of an engine: comparable, with its notation as String.
type Move interface {
	comparable
	fmt.Stringer
}

// AnalyzeCommand returns the subcommand "analyze" of game: it parses the
// game flags, the moves with parseMove and the AnalyzeFlags (memoryMiB
// the default of --memory), calls analyze and prints the analysis. usage
// is the flag set's usage text (see App.FlagSet).
func AnalyzeCommand[R, D, S any, M Move](a *App, game Game[R, D, S], memoryMiB int64, parseMove func(string) (M, error),
	analyze func(context.Context, S, []M, AnalyzeFlags) (solving.Analysis[M], error), usage ...string) Run {
	return func(args []string, _ io.Reader, stdout, stderr io.Writer) int {
		fs := a.FlagSet("analyze", stderr, usage...)
		g := game.Flags(fs)
		var f AnalyzeFlags
		f.Register(fs, memoryMiB)
		s, code, ok := game.Parse(a, fs, g, args)
		if !ok {
			return code
		}
		if problem := f.problem(); problem != "" {
			return a.UsageError(fs, problem)
		}
		var moves []M
		for i, text := range strings.Fields(f.Moves) {
			m, err := parseMove(text)
			if err != nil {
				return a.UsageError(fs, fmt.Sprintf("analyze: --moves: move %d: %v", i+1, err))
			}
			moves = append(moves, m)
		}
		an, err := analyze(context.Background(), s, moves, f)
		if err != nil {
			return a.UsageError(fs, fmt.Sprintf("analyze: --moves: %v", err))
		}
		return printAnalysis(a, stdout, stderr, an, moves, f.JSON)
	}
}

// newAnalysisJSON returns the JSON object of an.
func newAnalysisJSON[M Move](an solving.Analysis[M]) analysisJSON {
	j := analysisJSON{
		Verdicts:     make([]string, len(an.Positions)),
		Nodes:        make([]int64, len(an.Positions)),
		Seconds:      make([]float64, len(an.Positions)),
		TotalNodes:   an.Nodes,
		TotalSeconds: an.Duration.Seconds(),
	}
	for i, p := range an.Positions {
		j.Verdicts[i], j.Nodes[i], j.Seconds[i] = p.Verdict.String(), p.Nodes, p.Duration.Seconds()
	}
	if an.FirstLost >= 0 {
		k := an.FirstLost
		j.FirstLost = &k
		j.Line = Strings(an.Line)
	}
	return j
}

// printAnalysis writes an to stdout, as one JSON object when asJSON is
// set, as lines of text otherwise (one line a position, then the move
// that lost the game and the line that wins instead), and returns the
// exit status.
func printAnalysis[M Move](a *App, stdout, stderr io.Writer, an solving.Analysis[M], moves []M, asJSON bool) int {
	j := newAnalysisJSON(an)
	if asJSON {
		b, err := json.Marshal(j)
		if err != nil {
			fmt.Fprintf(stderr, "%s analyze: %v\n", a.name, err)
			return 1
		}
		fmt.Fprintf(stdout, "%s\n", b)
		return 0
	}
	for i, v := range j.Verdicts {
		move := "start"
		if i > 0 {
			move = moves[i-1].String()
		}
		fmt.Fprintf(stdout, "%3d %-6s %-7s nodes %d, %.3f s\n", i, move, v, j.Nodes[i], j.Seconds[i])
	}
	if j.FirstLost != nil {
		k := *j.FirstLost
		fmt.Fprintf(stdout, "first lost: %d (move %d, %s, lost a won game)\n", k, k, moves[k-1])
		fmt.Fprintf(stdout, "winning line from position %d (%d moves): %s\n", k-1, len(j.Line), strings.Join(j.Line, " "))
	} else {
		fmt.Fprintln(stdout, "first lost: none")
	}
	fmt.Fprintf(stdout, "nodes: %d\nseconds: %.3f\n", j.TotalNodes, j.TotalSeconds)
	return 0
}
