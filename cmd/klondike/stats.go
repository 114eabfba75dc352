package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"
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
// [--workers N] [--nodes N] [--slowest K] [--f2c-share] [--out FILE]".
func runStats(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := app.FlagSet("stats", stderr,
		"usage: klondike stats [--rules PROFILE] --seeds A-B [--timeout D] [--nodes N] [--workers N] [--slowest K] [--f2c-share] [--out FILE]",
		"Solves the deals of seeds A … B and prints won / lost / unknown counts, the win rate with",
		"its Wilson 95 % interval and the time per deal; a progress bar goes to a terminal's stderr.")
	f := game.StatsFlags(fs, cli.StatsFlags{Timeout: solver.DefaultTimeout, MemoryMiB: solver.DefaultMaxMemory >> 20})
	nodes := fs.Int64("nodes", solver.DefaultMaxNodes, "budget of positions searched per deal; with a long --timeout the counts do not depend on the machine's load")
	slowest := fs.Int("slowest", 0, "list the K deals that took longest: seed, verdict, nodes, time")
	f2cShare := fs.Bool("f2c-share", false, "for rules with foundation-to-column moves, solve each won deal again without them and report the share that needs them")
	outPath := fs.String("out", "", "write one CSV line per deal to FILE as it is decided (seed, verdict, nodes, seconds, verdict without foundation-to-column moves), so a run cut short keeps its deals")
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
	var out *dealLog
	if *outPath != "" {
		file, err := os.Create(*outPath)
		if err != nil {
			fmt.Fprintf(stderr, "stats: --out: %v\n", err)
			return 1
		}
		defer file.Close()
		out = &dealLog{w: file}
		out.line("seed,verdict,nodes,seconds,without_f2c")
	}
	start := time.Now()
	outcomes := solvestats.Run(n, f.Workers, stderr, func(i int) solvestats.Outcome {
		seed := f.Lo + uint64(i)
		d := klondike.NewDeal(seed)
		res := solver.Solve(context.Background(), klondike.MustNew(d, rules), cfg)
		without := ""
		if f2c && res.Verdict == solver.Won {
			strict := rules
			strict.FoundationToColumn = false
			needF2C[i] = solver.Solve(context.Background(), klondike.MustNew(d, strict), cfg).Verdict
			without = needF2C[i].String()
		}
		out.line(fmt.Sprintf("%d,%s,%d,%.6f,%s", seed, res.Verdict, res.Nodes, res.Duration.Seconds(), without))
		return solvestats.Outcome{Verdict: res.Verdict.String(), Took: res.Duration, Nodes: res.Nodes}
	})
	if err := out.error(); err != nil {
		fmt.Fprintf(stderr, "stats: --out: %v\n", err)
		return 1
	}
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

// dealLog writes --out's lines, one at a time from any worker; a nil
// dealLog writes nothing. It keeps the first write error.
type dealLog struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

func (l *dealLog) line(s string) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err == nil {
		_, l.err = io.WriteString(l.w, s+"\n")
	}
}

func (l *dealLog) error() error {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.err
}
