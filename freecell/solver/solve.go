package solver

import (
	"context"
	"slices"
	"time"

	"github.com/solitaire-race/racer/freecell"
	"github.com/solitaire-race/racer/internal/solving"
)

// Verdict is what a search proved about a position; its String returns
// "unknown", "won" or "lost". All solvers share it.
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
// its default. It is the budget the other solvers' Config also holds; its
// fields are documented on internal/solving.Budget.
type Config = solving.Budget

// Result is the outcome of a search.
type Result struct {
	Verdict Verdict
	// Moves is a winning line from the position searched, in engine moves
	// (the safe moves to the foundations included), when Verdict is Won.
	Moves []freecell.Move
	// Nodes counts the positions searched, over all runs.
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
	hist     []step
	bufs     [][]mv
	rng      splitMix // random tie-breaks of a restart
	noise    uint64   // their range; 0 in the first run
	// reopen holds the keys of the positions on the path when a run was
	// cut short: in the table, but not searched through. The next run
	// searches them again (see restarts).
	reopen map[uint64]struct{}
}

// Solve searches s, under its rules, for a winning line. It never answers
// wrongly: a Won result's Moves replay through freecell.State.Apply to a
// win, and Lost is proven (up to hash collisions, see the package doc).
// It is safe to call from many goroutines at once (each call has its own
// memory).
func Solve(ctx context.Context, s freecell.State, cfg Config) Result {
	if s.Won() {
		return Result{Verdict: Won}
	}
	res, hist := solvePos(ctx, fromState(&s), cfg)
	if res.Verdict == Won {
		var ok bool
		if res.Moves, ok = toEngine(s, hist); !ok {
			// Never expected: the engine refused the line. Say nothing
			// rather than something wrong.
			res.Verdict, res.Moves, res.Stop = Unknown, nil, "invalid line"
		}
	}
	return res
}

// solvePos searches p and returns the result, with the winning line in
// solver steps when it is won.
func solvePos(ctx context.Context, p pos, cfg Config) (Result, []step) {
	start := time.Now()
	cfg = cfg.WithDefaults()
	sr := &search{
		p:        p,
		ctx:      ctx,
		deadline: start.Add(cfg.Timeout),
		maxNodes: cfg.MaxNodes,
		tt:       newTable(cfg.MaxMemory),
		reopen:   map[uint64]struct{}{},
	}
	if d, ok := ctx.Deadline(); ok && d.Before(sr.deadline) {
		sr.deadline = d
	}
	sr.hist = sr.p.autoMoves(sr.hist)
	won := sr.restarts()
	sr.tt.put()
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
	return res, sr.hist
}

// Restarts: run i searches at most runUnit times the i-th term of Luby's
// sequence positions, with random tie-breaks below runNoise added to the
// move order's scores from the second run on.
const (
	runUnit  = 200
	runNoise = 10
)

// restarts runs the search again and again from the first position,
// with a budget of positions following Luby's sequence (1 1 2 1 1 2 4 1 1
// 2 … times runUnit) and, after the first, its own random tie-breaks in
// the move order, until a run ends by itself — won, or lost: it searched
// every position — or the whole budget runs out. Searches of FreeCell
// deals are heavy-tailed: a run that went wrong early seldom recovers, a
// fresh one often wins at once. Luby, Sinclair and Zuckerman showed this
// sequence of cutoffs to be within a logarithmic factor of the best fixed
// cutoff, unknown here.
//
// The table is kept from run to run, so that no run searches again what
// an earlier one searched through. A position enters the table when the
// search reaches it, and is searched through (every move from it played,
// each leading to a position searched through or in the table) unless a
// run is cut short while it is on the path; those positions go to
// sr.reopen, and the next run that reaches one searches it again. The
// last run, which ends by itself, reaches every reopened position again
// (each lies at the end of a path of reopened positions from the first,
// or an earlier run searched it through since), so when it ends without
// a win the table is closed under moves, holds the first position, and
// no position in it is won: the first position is lost.
func (sr *search) restarts() bool {
	root := sr.p
	rootHist := len(sr.hist)
	maxNodes := sr.maxNodes
	for i := uint64(0); ; i++ {
		run := min(runUnit*luby(i+1), maxNodes-sr.nodes)
		sr.maxNodes = sr.nodes + run
		if i > 0 {
			sr.rng = splitMix{state: i}
			sr.noise = runNoise
		}
		if sr.dfs(0) {
			return true
		}
		if sr.stop != "nodes" || sr.nodes >= maxNodes {
			return false
		}
		sr.stop = ""
		sr.p = root
		sr.hist = sr.hist[:rootHist]
	}
}

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

// dfs reports whether sr.p leads to a win; on true, sr.hist is the whole
// winning line and sr.p the won position. On false sr.p is as it was;
// when the run was cut short (sr.stop set) the position is reopened.
func (sr *search) dfs(depth int) bool {
	if sr.p.won() {
		return true
	}
	if sr.stop != "" || sr.nodes&1023 == 0 && sr.nodes > 0 && !sr.checkBudget() {
		return false
	}
	key := sr.p.key
	if _, ok := sr.reopen[key]; ok {
		delete(sr.reopen, key)
	} else {
		added, full := sr.tt.insert(key)
		if full {
			sr.stop = "memory"
			return false
		}
		if !added {
			return false
		}
	}
	sr.nodes++
	if sr.nodes >= sr.maxNodes {
		sr.stop = "nodes"
		sr.reopen[key] = struct{}{}
		return false
	}
	for len(sr.bufs) <= depth {
		sr.bufs = append(sr.bufs, make([]mv, 0, 64))
	}
	ms := sr.order(sr.p.gen(sr.bufs[depth][:0]))
	sr.bufs[depth] = ms
	for _, m := range ms {
		mark := len(sr.hist)
		sr.hist = sr.p.play(m, sr.hist)
		if sr.dfs(depth + 1) {
			return true
		}
		sr.hist = sr.p.unplay(sr.hist, mark)
		if sr.stop != "" {
			sr.reopen[key] = struct{}{}
			return false
		}
	}
	return false
}

// order scores each move by the position it leads to (eval, plus a
// random tie-break in a restart) and sorts the moves best first, keeping
// the generator's order among equals.
func (sr *search) order(ms []mv) []mv {
	for i := range ms {
		mark := len(sr.hist)
		sr.hist = sr.p.play(ms[i], sr.hist)
		score := sr.p.eval()
		if sr.noise > 0 {
			score += int(sr.rng.next() % sr.noise)
		}
		ms[i].score = int32(score)
		sr.hist = sr.p.unplay(sr.hist, mark)
	}
	slices.SortStableFunc(ms, func(a, b mv) int { return int(b.score - a.score) })
	return ms
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

// splitMix is SplitMix64, the random tie-breaks of restarts.
type splitMix struct{ state uint64 }

func (r *splitMix) next() uint64 {
	r.state += 0x9E3779B97F4A7C15
	return mix(r.state)
}
