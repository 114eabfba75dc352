package solving

import (
	"context"
	"time"
)

// The defaults of an analysis's budget: per position searched and for the
// whole game.
const (
	DefaultAnalysisNodes       = 300_000
	DefaultAnalysisTimeout     = time.Second
	DefaultAnalysisGameNodes   = 3_000_000
	DefaultAnalysisGameTimeout = 4 * time.Second
)

// AnalysisBudget bounds an analysis. Its zero value means the defaults.
type AnalysisBudget struct {
	// MaxNodes bounds the positions searched for one position's verdict;
	// 0 means DefaultAnalysisNodes.
	MaxNodes int64
	// Timeout bounds one position's search; 0 means
	// DefaultAnalysisTimeout.
	Timeout time.Duration
	// GameNodes bounds the positions searched for the whole game; 0 means
	// DefaultAnalysisGameNodes. Positions not searched when it runs out
	// are unknown unless their neighbours decide them.
	GameNodes int64
	// GameTimeout bounds the whole analysis; 0 means
	// DefaultAnalysisGameTimeout. The context's deadline, if earlier,
	// wins.
	GameTimeout time.Duration
}

// WithDefaults returns b with every zero field set to its default.
func (b AnalysisBudget) WithDefaults() AnalysisBudget {
	b.MaxNodes = OrDefault(b.MaxNodes, DefaultAnalysisNodes)
	b.Timeout = OrDefault(b.Timeout, DefaultAnalysisTimeout)
	b.GameNodes = OrDefault(b.GameNodes, DefaultAnalysisGameNodes)
	b.GameTimeout = OrDefault(b.GameTimeout, DefaultAnalysisGameTimeout)
	return b
}

// Searched is the outcome of one position's search, as a solver reports
// it to Analyze.
type Searched[M any] struct {
	Verdict Verdict
	// Line is a winning line from the position when Verdict is Won.
	Line []M
	// Nodes counts the positions searched.
	Nodes int64
	// Duration is the search's wall-clock time.
	Duration time.Duration
}

// Judged is the verdict of one position of an analysed game.
type Judged[M any] struct {
	Verdict Verdict
	// Line is a winning line from the position, when it is Won and a
	// search found the line (from here or from an earlier position whose
	// line the game followed); nil otherwise.
	Line []M
	// Searched reports that this position was searched. A verdict not
	// searched, or searched Unknown, may follow from the neighbours:
	// every position before a won one is won, every position after a
	// lost one lost.
	Searched bool
	// Nodes counts the positions searched for it (0 when not searched).
	Nodes int64
	// Duration is the time its search took (0 when not searched).
	Duration time.Duration
}

// Analysis is the verdict of every position of a game, every card known:
// the position before any move, then after each.
type Analysis[M any] struct {
	// Positions holds len(moves)+1 verdicts.
	Positions []Judged[M]
	// FirstLost is the index k of the first Lost position whose
	// predecessor is Won: moves[k-1] threw the game away. It is -1 when
	// the game was never lost after being won, or when unknown positions
	// lie between the last won and the first lost one.
	FirstLost int
	// Line is a winning line from Positions[FirstLost-1], when FirstLost
	// is not -1.
	Line []M
	// Nodes counts the positions searched in all.
	Nodes int64
	// Duration is the analysis's wall-clock time.
	Duration time.Duration
}

// Analyze judges the n+1 positions of a game of n moves: position i is
// the one after moves[:i]. search(ctx, i, nodes, timeout) searches
// position i within nodes positions and timeout.
//
// A move never turns a lost position into a won one, so the verdicts read
// won … won, lost … lost, with unknowns only where searches ran out of
// budget. Analyze searches the last position, then the first, then
// bisects between the last position known won and the first known lost,
// so a game needs about log2(n)+2 searches. A won line that the game then
// followed decides the positions along it without a search.
func Analyze[M comparable](ctx context.Context, moves []M, budget AnalysisBudget,
	search func(ctx context.Context, i int, nodes int64, timeout time.Duration) Searched[M]) Analysis[M] {
	start := time.Now()
	budget = budget.WithDefaults()
	n := len(moves)
	a := Analysis[M]{Positions: make([]Judged[M], n+1), FirstLost: -1}
	tried := make([]bool, n+1)
	deadline := start.Add(budget.GameTimeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	lo, hi := -1, n+1 // the last position known won, the first known lost
	for ctx.Err() == nil {
		i := nextToSearch(tried, lo, hi)
		if i < 0 {
			break
		}
		left := time.Until(deadline)
		nodes := min(budget.MaxNodes, budget.GameNodes-a.Nodes)
		if left <= 0 || nodes <= 0 {
			break
		}
		tried[i] = true
		r := search(ctx, i, nodes, min(budget.Timeout, left))
		a.Nodes += r.Nodes
		a.Positions[i] = Judged[M]{Verdict: r.Verdict, Line: r.Line, Searched: true, Nodes: r.Nodes, Duration: r.Duration}
		switch r.Verdict {
		case Won:
			lo = max(lo, i)
			// The game followed the line for j moves: those positions
			// are won, each with the rest of the line.
			for j := 0; i+j < n && j < len(r.Line) && moves[i+j] == r.Line[j]; j++ {
				k := i + j + 1
				if k >= hi {
					break // a hash collision at worst: keep what was searched
				}
				if !a.Positions[k].Searched {
					a.Positions[k] = Judged[M]{Verdict: Won, Line: r.Line[j+1:]}
				}
				tried[k] = true
				lo = max(lo, k)
			}
		case Lost:
			hi = min(hi, i)
		}
	}
	for i := range a.Positions {
		switch p := &a.Positions[i]; {
		case i <= lo:
			p.Verdict = Won
		case i >= hi:
			p.Verdict, p.Line = Lost, nil
		}
	}
	if lo >= 0 && hi <= n && hi == lo+1 {
		a.FirstLost = hi
		a.Line = a.Positions[lo].Line
	}
	a.Duration = time.Since(start)
	return a
}

// nextToSearch returns the next position to search, or -1 when none is
// left between lo, the last position known won, and hi, the first known
// lost: the last position first, then the first, then the untried
// position nearest the middle between lo and hi.
func nextToSearch(tried []bool, lo, hi int) int {
	n := len(tried) - 1
	if hi == n+1 && !tried[n] {
		return n
	}
	if lo == -1 && !tried[0] {
		return 0
	}
	first, last := max(lo+1, 0), min(hi-1, n)
	if first > last {
		return -1
	}
	mid := (first + last) / 2
	for d := 0; mid-d >= first || mid+d <= last; d++ {
		if i := mid - d; i >= first && !tried[i] {
			return i
		}
		if i := mid + d; i <= last && !tried[i] {
			return i
		}
	}
	return -1
}
