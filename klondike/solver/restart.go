package solver

// Restarts. The exact searches (the exact pass, and the search under
// draw 1 beside it) run in runs: when a run has searched its budget of
// positions, the search unwinds to its first position and starts again
// with another move order, keeping its table. On won deals the time to a
// win depends wildly on the move order (relaxed-3 seed 871: 6.7 million
// positions of the exact pass in the order of moves.go, 30,000 to 800,000
// in four of six wholly random orders; seed 586: over 17 million against
// 70,000 in one of six), while on lost deals the order hardly matters:
// every position the filtered moves reach is searched once, whatever the
// order.
//
// Nothing searched is searched again but the positions on the path when
// a run ended, which had not tried all their moves: their keys are kept
// as unfinished, and a run that meets one searches it again as if new.
// That keeps Lost sound. In one run, when the search ends without a win,
// every position in the table has tried all the moves the filters keep,
// each leading to a win (which ends the search), to a position the count
// of places proves lost, or to one in the table or dominated by one in
// the table. The filters keep some winning line of every winnable
// position (solve.go and useful.go argue it), so a winnable position in
// the table whose shortest kept line (twins.go's μ, for classes) is the
// shortest of all would have a move to one in the table with a shorter
// line: none is winnable. With runs, the same holds when the last run
// ends: every position on a run's path when it ended is searched in full
// again by the next run, since the first is where every run starts and
// each of the others is reached by a move of the one before it (the
// moves are the same in any order, and it is unfinished when met); the
// fresh pass such a position covered (dominated) is covered again then,
// as the position has every move of its fresh pass. Nothing is dominated
// by an unfinished position.
//
// The first run keeps the order of moves.go for as long as most deals
// need; later runs shuffle the moves, alternately within their priority
// and wholly, with budgets that double every second run.
const (
	firstRun    = 1 << 17
	laterRun    = 1 << 15
	stopRestart = "restart"
)

// restarts is a search's state between runs.
type restarts struct {
	enabled      bool
	first, later int64    // budgets of the first run and of the next two
	run          int      // the current run, from 0
	runEnd       int64    // nodes at which the run ends
	stopDepth    int      // depth of the position at which the run ended
	stackKey     []uint64 // table key of the position at each depth of the path
	unfinished   keySet   // keys of positions left unfinished by earlier runs
}

// start enables runs as cfg says.
func (r *restarts) start(cfg Config) {
	r.enabled = !cfg.noRestarts
	r.first, r.later = firstRun, laterRun
	if cfg.runBudget > 0 {
		r.first, r.later = cfg.runBudget, cfg.runBudget
	}
}

// budget returns the positions run i may search.
func (r *restarts) budget(i int) int64 {
	if i == 0 {
		return r.first
	}
	return r.later << min((i-1)/2, 40)
}

// record notes key as the table key of the position at depth on the
// path.
func (r *restarts) record(depth int, key uint64) {
	for len(r.stackKey) <= depth {
		r.stackKey = append(r.stackKey, 0)
	}
	r.stackKey[depth] = key
}

// resume reports whether key belongs to a position an earlier run left
// unfinished, and takes it off that list: the caller searches it now.
func (r *restarts) resume(key uint64) bool {
	if !r.isUnfinished(key) {
		return false
	}
	r.unfinished.remove(key)
	return true
}

// isUnfinished reports whether key belongs to a position an earlier run
// left unfinished.
func (r *restarts) isUnfinished(key uint64) bool { return r.unfinished.has(key) }

// runs searches the position at depth 0 exactly in runs until one wins or
// a run ends for another reason than its budget.
func (sr *search) runs() bool {
	r := &sr.restarts
	for {
		if r.enabled {
			r.runEnd = sr.nodes + r.budget(r.run)
		}
		if sr.dfs(0, &sr.root) {
			return true
		}
		if sr.stop != stopRestart {
			return false
		}
		for _, k := range r.stackKey[:r.stopDepth+1] {
			r.unfinished.add(k)
		}
		sr.stop = ""
		r.run++
		sr.g.order = uint64(r.run) * 0x9E3779B97F4A7C15
		sr.g.shuffleAll = r.run%2 == 0
	}
}
