package main

import (
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/solitaire-race/racer/freecell"
	"github.com/solitaire-race/racer/freecell/solver"
	"github.com/solitaire-race/racer/internal/cli"
	"github.com/solitaire-race/racer/internal/solvestats"
)

func init() {
	app.Register("stats", "solve a range of seeds: won / lost / unknown, time per deal, a CSV line per deal", runStats)
}

// maxListed is the most lost or unknown seeds stats lists by number.
const maxListed = 20

// runStats is "freecell stats [--rules PROFILE] --seeds A-B [--timeout D]
// [--nodes N] [--workers N] [--slowest K] [--out FILE]".
func runStats(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := app.FlagSet("stats", stderr,
		"usage: freecell stats [--rules PROFILE] --seeds A-B [--timeout D] [--nodes N] [--workers N] [--slowest K] [--out FILE]",
		"Solves the deals of seeds A … B (1-32000: Microsoft's deals) and prints won / lost / unknown",
		"counts, the win rate with its Wilson 95 % interval and the time per deal; a progress bar",
		"goes to a terminal's stderr.")
	f := game.StatsFlags(fs, cli.StatsFlags{Timeout: solver.DefaultTimeout, MemoryMiB: solver.DefaultMaxMemory >> 20})
	nodes := fs.Int64("nodes", solver.DefaultMaxNodes, "budget of positions searched per deal; with a long --timeout the verdicts do not depend on the machine or its load")
	slowest := fs.Int("slowest", 0, "list the K deals that took longest: seed, verdict, nodes, time")
	outPath := fs.String("out", "", "write a CSV line per deal to FILE, in seed order as the deals are decided (deal,verdict,nodes,ms,moves: moves is the winning line's length), gzipped when FILE ends in .gz")
	rules, code, ok := game.ParseStats(app, fs, f, args)
	if !ok {
		return code
	}
	if f.Workers < 1 || f.Timeout <= 0 || f.MemoryMiB <= 0 || *nodes <= 0 || *slowest < 0 {
		return app.UsageError(fs, "stats: --workers, --timeout, --nodes and --memory must be positive, --slowest not negative")
	}
	n := int(f.Hi - f.Lo + 1)
	cfg := solver.Config{Timeout: f.Timeout, MaxMemory: f.MemoryMiB << 20, MaxNodes: *nodes}
	var log *dealLog
	if *outPath != "" {
		var err error
		if log, err = createDealLog(*outPath); err != nil {
			fmt.Fprintf(stderr, "freecell stats: --out: %v\n", err)
			return 1
		}
		log.header("deal,verdict,nodes,ms,moves")
	}
	start := time.Now()
	outcomes := solvestats.Run(n, f.Workers, stderr, func(i int) solvestats.Outcome {
		seed := f.Lo + uint64(i)
		res := solver.Solve(context.Background(), freecell.MustNew(freecell.NewDeal(seed), rules), cfg)
		log.line(i, fmt.Sprintf("%d,%s,%d,%.3f,%d", seed, res.Verdict, res.Nodes, float64(res.Duration.Microseconds())/1000, len(res.Moves)))
		return solvestats.Outcome{Verdict: res.Verdict.String(), Took: res.Duration, Nodes: res.Nodes}
	})
	if err := log.close(); err != nil {
		fmt.Fprintf(stderr, "freecell stats: --out: %v\n", err)
		return 1
	}
	solvestats.Report{
		Rules: fmt.Sprintf("%s (%s)", rules.Name(), rules), Lo: f.Lo, Hi: f.Hi, Outcomes: outcomes, Workers: f.Workers, Timeout: f.Timeout,
		Wall: time.Since(start), ListSeeds: maxListed, NodesPerDeal: true, Slowest: *slowest,
	}.Write(stdout)
	return 0
}

// dealLog writes --out's lines in the order of their index, each as soon
// as every line before it is written, from any worker; a nil dealLog
// writes nothing. It keeps the first error.
type dealLog struct {
	mu      sync.Mutex
	file    *os.File
	gz      *gzip.Writer
	w       io.Writer
	next    int            // the index of the next line to write
	waiting map[int]string // lines decided before the ones ahead of them
	err     error
}

// createDealLog creates path, gzipped when it ends in ".gz".
func createDealLog(path string) (*dealLog, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	l := &dealLog{file: f, w: f, waiting: map[int]string{}}
	if strings.HasSuffix(path, ".gz") {
		l.gz = gzip.NewWriter(f)
		l.w = l.gz
	}
	return l, nil
}

func (l *dealLog) header(s string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.write(s)
}

// line writes s as line i (from 0) in its turn.
func (l *dealLog) line(i int, s string) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.waiting[i] = s
	for {
		s, ok := l.waiting[l.next]
		if !ok {
			return
		}
		delete(l.waiting, l.next)
		l.write(s)
		l.next++
	}
}

func (l *dealLog) write(s string) {
	if l.err == nil {
		_, l.err = io.WriteString(l.w, s+"\n")
	}
}

// close flushes and closes the file, and returns the first error.
func (l *dealLog) close() error {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.gz != nil {
		if err := l.gz.Close(); l.err == nil {
			l.err = err
		}
	}
	if err := l.file.Close(); l.err == nil {
		l.err = err
	}
	return l.err
}
