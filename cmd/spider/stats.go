package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/solitaire-race/racer/internal/cli"
	"github.com/solitaire-race/racer/internal/solvestats"
	"github.com/solitaire-race/racer/spider"
	"github.com/solitaire-race/racer/spider/solver"
)

func init() {
	app.Register("stats", "solve a range of seeds: win rate with its Wilson 95 % interval, time per deal", runStats)
}

// maxListed is the most lost or unknown seeds stats lists by number.
const maxListed = 20

// runStats is "spider stats [--rules PROFILE] --seeds A-B [--timeout D]
// [--workers N]".
func runStats(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := app.FlagSet("stats", stderr,
		"usage: spider stats [--rules PROFILE] --seeds A-B [--timeout D] [--workers N]",
		"Solves the deals of seeds A … B and prints won / lost / unknown counts, the win rate with",
		"its Wilson 95 % interval and the time per deal; a progress bar goes to a terminal's stderr.")
	f := game.StatsFlags(fs, cli.StatsFlags{Timeout: solver.DefaultTimeout, MemoryMiB: solver.DefaultMaxMemory >> 20})
	rules, code, ok := game.ParseStats(app, fs, f, args)
	if !ok {
		return code
	}
	if f.Workers < 1 || f.Timeout <= 0 || f.MemoryMiB <= 0 {
		return app.UsageError(fs, "stats: --workers, --timeout and --memory must be positive")
	}
	cfg := solver.Config{Timeout: f.Timeout, MaxMemory: f.MemoryMiB << 20}
	start := time.Now()
	outcomes := solvestats.Run(int(f.Hi-f.Lo+1), f.Workers, stderr, func(i int) solvestats.Outcome {
		s := spider.MustNew(spider.NewDeal(f.Lo+uint64(i), rules.Suits), rules)
		res := solver.Solve(context.Background(), s, cfg)
		return solvestats.Outcome{Verdict: res.Verdict.String(), Took: res.Duration, Nodes: res.Nodes}
	})
	solvestats.Report{
		Rules: fmt.Sprintf("%s (%s)", rules.Name(), rules), Lo: f.Lo, Hi: f.Hi, Outcomes: outcomes, Workers: f.Workers, Timeout: f.Timeout,
		Wall: time.Since(start), ListSeeds: maxListed,
	}.Write(stdout)
	return 0
}
