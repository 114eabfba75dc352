// Package solvestats runs a solver over a range of seeds and reports what
// the engine commands' "stats" print: won / lost / unknown counts, the win
// rate with its Wilson 95 % interval, percentiles of the time per deal,
// and a progress bar on a terminal.
//
//	start := time.Now()
//	outcomes := solvestats.Run(n, workers, os.Stderr, func(i int) solvestats.Outcome {
//		res := solver.Solve(ctx, position(lo+uint64(i)), cfg)
//		return solvestats.Outcome{Verdict: res.Verdict.String(), Took: res.Duration, Nodes: res.Nodes}
//	})
//	solvestats.Report{Rules: name, Lo: lo, Hi: hi, Workers: workers, Timeout: timeout, Outcomes: outcomes, Wall: time.Since(start)}.Write(os.Stdout)
package solvestats
