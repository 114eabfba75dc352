package solver

import (
	"context"
	"time"

	"github.com/solitaire-race/racer/internal/solving"
	"github.com/solitaire-race/racer/spider"
)

// Verdict is what a search proved about a position; its String returns
// "unknown", "won" or "lost". Both solvers share it.
type Verdict = solving.Verdict

// The verdicts. The zero Verdict is Unknown.
const (
	Unknown = solving.Unknown // the budget ran out first
	Won     = solving.Won     // a winning line exists; Result.Moves holds one
	Lost    = solving.Lost    // proven: no sequence of moves wins
)

// Defaults of Config.
const (
	DefaultMaxNodes  = solving.DefaultMaxNodes
	DefaultTimeout   = solving.DefaultTimeout
	DefaultMaxMemory = solving.DefaultMaxMemory
)

// Config bounds a search: MaxNodes, Timeout and MaxMemory, each 0 for
// its default. It is the budget klondike/solver.Config also holds; its
// fields are documented on internal/solving.Budget.
type Config = solving.Budget

// Result is the outcome of a search.
type Result struct {
	Verdict Verdict
	// Moves is a winning line from the position searched, in engine moves
	// (deals included), when Verdict is Won.
	Moves []spider.Move
	// Nodes counts the positions searched, in both passes.
	Nodes int64
	// Duration is the search's wall-clock time.
	Duration time.Duration
	// Stop says why an Unknown search stopped: "nodes", "time", "memory"
	// or "canceled" ("invalid line" if the engine refused a line found,
	// which the tests make sure never happens); empty otherwise.
	Stop string
}

// search is one run of the solver.
type search struct {
	p        pos
	ctx      context.Context
	deadline time.Time
	maxNodes int64
	nodes    int64
	tt       *table
	stop     string
	path     []mv
	bufs     [][]mv
	loose    bool      // the first pass: pruned moves, answers only Won
	rng      *splitMix // random tie-breaks of a restart; nil for none
}

// loosePart is the share of the node and time budget the loose pass may
// use, in eighths; the exact pass has the rest (all of it when the loose
// pass has run out of moves).
const loosePart = 7

// Solve searches s, under its rules, for a winning line. It never answers
// wrongly: a Won result's Moves replay through spider.State.Apply to a
// win, and Lost is proven (up to hash collisions, see the package doc).
// It is safe to call from many goroutines at once (each call has its own
// memory).
func Solve(ctx context.Context, s spider.State, cfg Config) Result {
	if s.Won() {
		return Result{Verdict: Won}
	}
	res, line := solvePos(ctx, fromState(&s), cfg)
	if res.Verdict == Won {
		var ok bool
		if res.Moves, ok = toEngine(s, line); !ok {
			// Never expected: the engine refused the line. Say nothing
			// rather than something wrong.
			res.Verdict, res.Moves, res.Stop = Unknown, nil, "invalid line"
		}
	}
	return res
}

// solvePos searches p and returns the result, with the winning line in
// solver moves when it is won.
func solvePos(ctx context.Context, p pos, cfg Config) (Result, []mv) {
	start := time.Now()
	cfg = cfg.WithDefaults()
	sr := &search{
		p:        p,
		ctx:      ctx,
		deadline: start.Add(cfg.Timeout),
		tt:       newTable(cfg.MaxMemory),
	}
	if d, ok := ctx.Deadline(); ok && d.Before(sr.deadline) {
		sr.deadline = d
	}
	// First a search with loose moves, which finds most wins far sooner;
	// then, if budget is left, the exact search, each with its own table.
	deadline := sr.deadline
	sr.loose = true
	looseNodes := cfg.MaxNodes / 8 * loosePart
	sr.deadline = start.Add(time.Until(deadline) / 8 * loosePart)
	won := sr.restarts(looseNodes)
	more := sr.stop == "" || sr.stop == "nodes" || (sr.stop == "time" && time.Now().Before(deadline))
	if !won && more {
		sr.loose, sr.rng, sr.stop = false, nil, ""
		sr.maxNodes = cfg.MaxNodes
		sr.deadline = deadline
		sr.tt.reset(sr.maxNodes - sr.nodes)
		sr.path = sr.path[:0]
		won = sr.dfs(0)
	}
	var res Result
	switch {
	case won:
		res.Verdict = Won
	case sr.stop == "":
		res.Verdict = Lost
	default:
		res.Stop = sr.stop
	}
	res.Nodes = sr.nodes
	res.Duration = time.Since(start)
	if !won {
		return res, nil
	}
	return res, sr.path
}

// dfs reports whether sr.p, reached by sr.path, leads to a win; on true,
// sr.path is the whole winning line and sr.p the won position. On false
// sr.p is as it was.
func (sr *search) dfs(depth int) bool {
	if sr.p.won() {
		return true
	}
	if sr.stop != "" || sr.nodes&1023 == 0 && sr.nodes > 0 && !sr.checkBudget() {
		return false
	}
	added, full := sr.tt.insert(sr.p.key())
	if full {
		sr.stop = "memory"
		return false
	}
	if !added {
		return false
	}
	sr.nodes++
	if sr.nodes >= sr.maxNodes {
		sr.stop = "nodes"
		return false
	}
	for len(sr.bufs) <= depth {
		sr.bufs = append(sr.bufs, make([]mv, 0, 64))
	}
	ms := sr.p.gen(sr.bufs[depth][:0], sr.loose, sr.rng)
	sr.bufs[depth] = ms
	for i := range ms {
		u := sr.p.apply(ms[i])
		sr.path = append(sr.path, ms[i])
		if sr.dfs(depth + 1) {
			return true
		}
		sr.path = sr.path[:len(sr.path)-1]
		sr.p.undo(&u)
		if sr.stop != "" {
			return false
		}
	}
	return false
}

func (sr *search) checkBudget() bool {
	if sr.ctx.Err() != nil {
		sr.stop = "canceled"
		return false
	}
	if time.Now().After(sr.deadline) {
		sr.stop = "time"
		return false
	}
	return true
}

// firstRun is the node budget of the loose pass's first run, the unit of
// Luby's sequence for the others.
const firstRun = 1000

// restarts runs the loose search again and again, run i with firstRun
// times the i-th term of Luby's sequence (1 1 2 1 1 2 4 1 1 2 …) nodes
// and, after the first, its own random tie-breaks in the move order,
// until one wins, one exhausts its moves, or maxNodes (over all runs) or
// the time runs out. Searches of Spider deals are heavy-tailed: a run
// that went wrong early seldom recovers, a fresh one often wins at once.
// Luby, Sinclair and Zuckerman showed this sequence of cutoffs to be
// within a logarithmic factor of the best fixed cutoff, unknown here.
func (sr *search) restarts(maxNodes int64) bool {
	for i := uint64(0); ; i++ {
		run := min(runNodes(i), maxNodes-sr.nodes)
		sr.maxNodes = sr.nodes + run
		if i > 0 {
			sr.rng = &splitMix{state: i}
		}
		if sr.dfs(0) {
			return true
		}
		if sr.stop != "nodes" || sr.nodes >= maxNodes {
			return false
		}
		sr.stop = ""
		sr.tt.reset(runNodes(i + 1))
		sr.path = sr.path[:0]
	}
}

// runNodes returns the node budget of run i (from 0).
func runNodes(i uint64) int64 { return firstRun * luby(i+1) }

// luby returns the i-th term (from 1) of Luby's sequence 1 1 2 1 1 2 4 ….
func luby(i uint64) int64 {
	for k := uint(1); ; k++ {
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		if i >= 1<<(k-1) && i < 1<<k-1 {
			return luby(i - (1 << (k - 1)) + 1)
		}
	}
}
