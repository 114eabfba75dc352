package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/solitaire-race/racer/spider/solver"
)

func init() {
	register("solve", "solve a deal: won (with a winning line), lost or unknown", runSolve)
}

// solveJSON is the one object "spider solve --json" prints.
type solveJSON struct {
	Result  string   `json:"result"`
	Moves   []string `json:"moves"`
	Nodes   int64    `json:"nodes"`
	Seconds float64  `json:"seconds"`
}

// runSolve is "spider solve [--rules PROFILE] (--seed N | --deal DEAL)
// [--timeout D] [--nodes N] [--json]".
func runSolve(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var g gameFlags
	g.register(fs)
	timeout := fs.Duration("timeout", solver.DefaultTimeout, "give up (result unknown) after this long")
	nodes := fs.Int64("nodes", solver.DefaultMaxNodes, "give up (result unknown) after searching this many positions")
	memory := fs.Int64("memory", solver.DefaultMaxMemory>>20, "bound of the transposition table, in MiB")
	asJSON := fs.Bool("json", false, `print one JSON object {"result": "won|lost|unknown", "moves": [...], "nodes": N, "seconds": S}`)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: spider solve [--rules PROFILE] (--seed N | --deal \"DEAL\") [--timeout D] [--json]")
		fmt.Fprintln(fs.Output(), "Solves the deal, every card known: \"won\" with a winning line, \"lost\" (proven), or \"unknown\"")
		fmt.Fprintln(fs.Output(), "when the budget runs out; then the nodes searched and the time taken.")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	s, problem := g.start(fs)
	if problem != "" {
		return usageError(fs, problem)
	}
	if *timeout <= 0 || *nodes <= 0 || *memory <= 0 {
		return usageError(fs, "solve: --timeout, --nodes and --memory must be positive")
	}
	res := solver.Solve(context.Background(), s, solver.Config{MaxNodes: *nodes, Timeout: *timeout, MaxMemory: *memory << 20})
	moves := make([]string, len(res.Moves))
	for i, m := range res.Moves {
		moves[i] = m.String()
	}
	if *asJSON {
		b, err := json.Marshal(solveJSON{Result: res.Verdict.String(), Moves: moves, Nodes: res.Nodes, Seconds: res.Duration.Seconds()})
		if err != nil {
			fmt.Fprintf(stderr, "spider solve: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "%s\n", b)
		return 0
	}
	fmt.Fprintf(stdout, "result: %s\n", res.Verdict)
	if res.Stop != "" {
		fmt.Fprintf(stdout, "stopped: %s budget\n", res.Stop)
	}
	if res.Verdict == solver.Won {
		fmt.Fprintf(stdout, "moves (%d): %s\n", len(moves), strings.Join(moves, " "))
	}
	fmt.Fprintf(stdout, "nodes: %d\n", res.Nodes)
	fmt.Fprintf(stdout, "seconds: %.3f\n", res.Duration.Seconds())
	return 0
}
