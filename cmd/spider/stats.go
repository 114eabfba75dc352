package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/solitaire-race/racer/spider"
	"github.com/solitaire-race/racer/spider/solver"
)

func init() {
	register("stats", "solve a range of seeds: win rate with its Wilson 95 % interval, time per deal", runStats)
}

// dealStat is the outcome of one seed.
type dealStat struct {
	verdict solver.Verdict
	took    time.Duration
	nodes   int64
}

// runStats is "spider stats [--rules PROFILE] --seeds A-B [--timeout D]
// [--workers N]".
func runStats(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("stats", flag.ContinueOnError)
	fs.SetOutput(stderr)
	profile := fs.String("rules", spider.DefaultProfile, profileUsage)
	seeds := fs.String("seeds", "", "inclusive range of seeds A-B, like 1-1000; required")
	timeout := fs.Duration("timeout", solver.DefaultTimeout, "budget per deal; a deal past it counts as unknown")
	workers := fs.Int("workers", 1, "deals solved at once (each on its own goroutine)")
	memory := fs.Int64("memory", solver.DefaultMaxMemory>>20, "bound of each search's transposition table, in MiB")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: spider stats [--rules PROFILE] --seeds A-B [--timeout D] [--workers N]")
		fmt.Fprintln(fs.Output(), "Solves the deals of seeds A … B and prints won / lost / unknown counts, the win rate with")
		fmt.Fprintln(fs.Output(), "its Wilson 95 % interval and the time per deal; a progress bar goes to a terminal's stderr.")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	rules, err := spider.Profile(*profile)
	if err != nil {
		return usageError(fs, fmt.Sprintf("stats: --rules: %v", err))
	}
	lo, hi, err := parseSeedRange(*seeds)
	if err != nil {
		return usageError(fs, "stats: --seeds: "+err.Error())
	}
	if *workers < 1 || *timeout <= 0 || *memory <= 0 {
		return usageError(fs, "stats: --workers, --timeout and --memory must be positive")
	}
	n := int(hi - lo + 1)
	cfg := solver.Config{Timeout: *timeout, MaxMemory: *memory << 20}
	stats := make([]dealStat, n)
	jobs := make(chan int)
	var wg sync.WaitGroup
	var doneMu sync.Mutex
	done := 0
	bar := progressBar(stderr)
	start := time.Now()
	for range *workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				s := spider.MustNew(spider.NewDeal(lo+uint64(i), rules.Suits), rules)
				res := solver.Solve(context.Background(), s, cfg)
				stats[i] = dealStat{verdict: res.Verdict, took: res.Duration, nodes: res.Nodes}
				doneMu.Lock()
				done++
				bar(done, n)
				doneMu.Unlock()
			}
		}()
	}
	for i := range n {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	bar(-1, n)
	printStats(stdout, rules, lo, hi, *workers, *timeout, stats, time.Since(start))
	return 0
}

func parseSeedRange(s string) (lo, hi uint64, err error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		return 0, 0, fmt.Errorf("want A-B, like 1-1000, not %q", s)
	}
	if lo, err = strconv.ParseUint(a, 10, 64); err != nil {
		return 0, 0, fmt.Errorf("bad first seed %q", a)
	}
	if hi, err = strconv.ParseUint(b, 10, 64); err != nil {
		return 0, 0, fmt.Errorf("bad last seed %q", b)
	}
	if hi < lo || hi-lo >= 100_000_000 {
		return 0, 0, fmt.Errorf("want A ≤ B and at most 100000000 seeds, not %q", s)
	}
	return lo, hi, nil
}

// wilson returns the Wilson score interval at 95 % for k successes in n.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p := float64(k) / float64(n)
	nn := float64(n)
	den := 1 + z*z/nn
	mid := (p + z*z/(2*nn)) / den
	half := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	return max(0, mid-half), min(1, mid+half)
}

// percentile returns the q-quantile (0 … 1) of sorted durations, by the
// nearest-rank method.
func percentile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(math.Ceil(q*float64(len(sorted)))) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

// maxListed is the most lost or unknown seeds stats lists by number.
const maxListed = 20

func printStats(w io.Writer, rules spider.Rules, lo, hi uint64, workers int, timeout time.Duration, stats []dealStat, wall time.Duration) {
	var won, lost, unknown int
	times := make([]time.Duration, len(stats))
	var total time.Duration
	var nodes int64
	for i, st := range stats {
		switch st.verdict {
		case solver.Won:
			won++
		case solver.Lost:
			lost++
		default:
			unknown++
		}
		times[i] = st.took
		total += st.took
		nodes += st.nodes
	}
	slices.Sort(times)
	n := len(stats)
	fmt.Fprintf(w, "rules: %s (%s)\n", rules.Name(), rules)
	fmt.Fprintf(w, "seeds: %d-%d (%d deals), timeout %v per deal, %d worker(s)\n", lo, hi, n, timeout, workers)
	fmt.Fprintf(w, "won: %d  lost: %d  unknown: %d\n", won, lost, unknown)
	l, h := wilson(won, won+lost)
	fmt.Fprintf(w, "win rate: %.3f %% of decided deals (Wilson 95 %%: %.3f %% – %.3f %%)\n",
		100*float64(won)/float64(max(won+lost, 1)), 100*l, 100*h)
	for _, v := range []solver.Verdict{solver.Lost, solver.Unknown} {
		var list []string
		for i, st := range stats {
			if st.verdict == v && len(list) < maxListed {
				list = append(list, strconv.FormatUint(lo+uint64(i), 10))
			}
		}
		if len(list) > 0 {
			fmt.Fprintf(w, "%s seeds: %s\n", v, strings.Join(list, " "))
		}
	}
	if unknown > 0 {
		fmt.Fprintf(w, "win rate bounds with unknowns: %.3f %% (all lost) – %.3f %% (all won)\n",
			100*float64(won)/float64(n), 100*float64(won+unknown)/float64(n))
	}
	fmt.Fprintf(w, "time per deal: median %s  p90 %s  p99 %s  max %s  mean %s\n",
		fmtDur(percentile(times, 0.5)), fmtDur(percentile(times, 0.9)), fmtDur(percentile(times, 0.99)),
		fmtDur(percentile(times, 1)), fmtDur(total/time.Duration(max(n, 1))))
	fmt.Fprintf(w, "nodes: %d in all; wall time %s\n", nodes, wall.Round(time.Millisecond))
}

func fmtDur(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%.3fms", float64(d)/float64(time.Millisecond))
	case d < time.Second:
		return fmt.Sprintf("%.1fms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.2fs", d.Seconds())
}

// progressBar returns a function that draws done/n on w when w is a
// terminal, and does nothing otherwise; done < 0 clears the line.
func progressBar(w io.Writer) func(done, n int) {
	f, ok := w.(*os.File)
	if !ok {
		return func(int, int) {}
	}
	if fi, err := f.Stat(); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return func(int, int) {}
	}
	last := time.Time{}
	return func(done, n int) {
		if done < 0 {
			fmt.Fprint(f, "\r\033[K")
			return
		}
		if time.Since(last) < 100*time.Millisecond && done != n {
			return
		}
		last = time.Now()
		const width = 40
		fill := width * done / max(n, 1)
		fmt.Fprintf(f, "\r[%s%s] %d/%d", strings.Repeat("#", fill), strings.Repeat(".", width-fill), done, n)
	}
}
