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
	profile := fs.String("rules", spider.DefaultProfile, profileUsage)
	seeds := fs.String("seeds", "", "inclusive range of seeds A-B, like 1-1000; required")
	timeout := fs.Duration("timeout", solver.DefaultTimeout, "budget per deal; a deal past it counts as unknown")
	workers := fs.Int("workers", 1, "deals solved at once (each on its own goroutine)")
	memory := fs.Int64("memory", solver.DefaultMaxMemory>>20, "bound of each search's transposition table, in MiB")
	if code, ok := app.Parse(fs, args); !ok {
		return code
	}
	rules, err := spider.Profile(*profile)
	if err != nil {
		return app.UsageError(fs, fmt.Sprintf("stats: --rules: %v", err))
	}
	lo, hi, err := cli.ParseSeedRange(*seeds)
	if err != nil {
		return app.UsageError(fs, "stats: --seeds: "+err.Error())
	}
	if *workers < 1 || *timeout <= 0 || *memory <= 0 {
		return app.UsageError(fs, "stats: --workers, --timeout and --memory must be positive")
	}
	cfg := solver.Config{Timeout: *timeout, MaxMemory: *memory << 20}
	start := time.Now()
	outcomes := solvestats.Run(int(hi-lo+1), *workers, stderr, func(i int) solvestats.Outcome {
		s := spider.MustNew(spider.NewDeal(lo+uint64(i), rules.Suits), rules)
		res := solver.Solve(context.Background(), s, cfg)
		return solvestats.Outcome{Verdict: solvestats.Classify(res.Verdict, solver.Won, solver.Lost), Took: res.Duration, Nodes: res.Nodes}
	})
	solvestats.Report{
		Rules: fmt.Sprintf("%s (%s)", rules.Name(), rules), Lo: lo, Hi: hi, Outcomes: outcomes, Workers: *workers, Timeout: *timeout,
		Wall: time.Since(start), ListSeeds: maxListed,
	}.Write(stdout)
	return 0
}
