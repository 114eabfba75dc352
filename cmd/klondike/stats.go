package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/solitaire-race/racer/internal/cli"
	"github.com/solitaire-race/racer/internal/solvestats"
	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/klondike/solver"
)

func init() {
	app.Register("stats", "solve a range of seeds: win rate with its Wilson 95 % interval, time per deal", runStats)
}

// runStats is "klondike stats --rules PROFILE --seeds A-B [--timeout D]
// [--workers N] [--nodes N] [--slowest K] [--f2c-share]".
func runStats(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := app.FlagSet("stats", stderr,
		"usage: klondike stats [--rules PROFILE] --seeds A-B [--timeout D] [--nodes N] [--workers N] [--slowest K] [--f2c-share]",
		"Solves the deals of seeds A … B and prints won / lost / unknown counts, the win rate with",
		"its Wilson 95 % interval and the time per deal; a progress bar goes to a terminal's stderr.")
	f := game.StatsFlags(fs, cli.StatsFlags{Timeout: solver.DefaultTimeout, MemoryMiB: solver.DefaultMaxMemory >> 20})
	nodes := fs.Int64("nodes", solver.DefaultMaxNodes, "budget of positions searched per deal; with a long --timeout the counts do not depend on the machine's load")
	slowest := fs.Int("slowest", 0, "list the K deals that took longest: seed, verdict, nodes, time")
	f2cShare := fs.Bool("f2c-share", false, "for rules with foundation-to-column moves, solve each won deal again without them and report the share that needs them")
	rules, code, ok := game.ParseStats(app, fs, f, args)
	if !ok {
		return code
	}
	if f.Workers < 1 || f.Timeout <= 0 || f.MemoryMiB <= 0 || *nodes <= 0 || *slowest < 0 {
		return app.UsageError(fs, "stats: --workers, --timeout, --nodes and --memory must be positive, --slowest not negative")
	}
	n := int(f.Hi - f.Lo + 1)
	cfg := solver.Config{Timeout: f.Timeout, MaxMemory: f.MemoryMiB << 20, MaxNodes: *nodes}
	f2c := *f2cShare && rules.FoundationToColumn
	needF2C := make([]solver.Verdict, n) // with f2c: a won deal's verdict without foundation-to-column moves
	start := time.Now()
	outcomes := solvestats.Run(n, f.Workers, stderr, func(i int) solvestats.Outcome {
		d := klondike.NewDeal(f.Lo + uint64(i))
		res := solver.Solve(context.Background(), klondike.MustNew(d, rules), cfg)
		if f2c && res.Verdict == solver.Won {
			strict := rules
			strict.FoundationToColumn = false
			needF2C[i] = solver.Solve(context.Background(), klondike.MustNew(d, strict), cfg).Verdict
		}
		return solvestats.Outcome{Verdict: res.Verdict.String(), Took: res.Duration, Nodes: res.Nodes}
	})
	r := solvestats.Report{
		Rules: rules.String(), Lo: f.Lo, Hi: f.Hi, Outcomes: outcomes, Workers: f.Workers, Timeout: f.Timeout,
		Wall: time.Since(start), NodesPerDeal: true, Slowest: *slowest,
	}
	if f2c {
		r.Notes = []string{f2cNote(outcomes, needF2C)}
	}
	r.Write(stdout)
	return 0
}

// f2cNote is the line of --f2c-share: how many won deals are not won
// without foundation-to-column moves.
func f2cNote(outcomes []solvestats.Outcome, needF2C []solver.Verdict) string {
	var won, need, undecided int
	for i, o := range outcomes {
		if o.Verdict != solvestats.Won {
			continue
		}
		won++
		switch needF2C[i] {
		case solver.Lost:
			need++
		case solver.Unknown:
			undecided++
		}
	}
	return fmt.Sprintf("won deals that need foundation-to-column moves: %d of %d (%.3f %%), %d undecided without them",
		need, won, 100*float64(need)/float64(max(won, 1)), undecided)
}
