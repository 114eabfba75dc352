package solver

import (
	"context"
	"time"

	"github.com/solitaire-race/racer/internal/solving"
	"github.com/solitaire-race/racer/klondike"
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

// looseNodes bounds the first, loose pass of a search. It finds most wins
// within a few thousand nodes; past that, the exact pass decides about as
// fast. On relaxed-3 seeds 1-300 with
// 3M nodes each, loose passes of 750k, 250k, 100k and 30k nodes took
// 55.3M, 47.7M, 44.2M and 42.6M nodes in all, with the same verdicts;
// none took 41.6M, but doubled the median time (easy wins come slower).
const looseNodes = 30_000

// Defaults of Config.
const (
	DefaultMaxNodes  = solving.DefaultMaxNodes
	DefaultTimeout   = solving.DefaultTimeout
	DefaultMaxMemory = solving.DefaultMaxMemory
)

// Config bounds a search. Its zero value means the defaults.
type Config struct {
	// MaxNodes is the most positions searched; 0 means DefaultMaxNodes.
	MaxNodes int64
	// Timeout is the longest a search runs; 0 means DefaultTimeout. The
	// context's deadline, if earlier, wins.
	Timeout time.Duration
	// MaxMemory bounds the transposition tables, in bytes; 0 means
	// DefaultMaxMemory. The table of positions searched grows by
	// doubling up to MaxMemory (while it doubles the old array is still
	// held, so the peak is half as much again), and a search that fills
	// it answers Unknown. While the search under draw 1 runs beside the
	// exact pass (relaxed.go), each table gets half.
	MaxMemory int64

	noBlocked  bool  // tests: skip the relaxation, search exactly only
	noCrowded  bool  // tests: no counting of places (crowded.go)
	noOrder    bool  // tests: count places without the order of face-down cards (crowded.go)
	noTwins    bool  // tests: exact keys, not up to twin swaps (twins.go)
	noRelaxed  bool  // tests: no search under looser rules beside the exact pass (relaxed.go)
	noRestarts bool  // tests: the exact searches in one run (restart.go)
	runBudget  int64 // tests: every run of the exact searches gets this many positions, doubling every second run (restart.go); 0 means as restart.go says
}

func (c Config) withDefaults() Config {
	c.MaxNodes = solving.OrDefault(c.MaxNodes, DefaultMaxNodes)
	c.Timeout = solving.OrDefault(c.Timeout, DefaultTimeout)
	c.MaxMemory = solving.OrDefault(c.MaxMemory, DefaultMaxMemory)
	return c
}

// Result is the outcome of a search.
type Result struct {
	Verdict Verdict
	// Moves is a winning line from the position searched, in engine moves
	// (draws and recycles included), when Verdict is Won.
	Moves []klondike.Move
	// Nodes counts the positions searched.
	Nodes int64
	// Duration is the search's wall-clock time.
	Duration time.Duration
	// Stop says why an Unknown search stopped: "nodes", "time", "memory"
	// or "canceled"; empty otherwise.
	Stop string

	best      []klondike.Move // the line to the most advanced position seen
	byRelaxed bool            // tests: Lost was proven by the looser search (relaxed.go)
	restarts  int             // tests: restarts of the exact pass (restart.go)
	exactN    int64           // tests: positions of the exact pass (the loose pass's not counted)
	relaxedN  int64           // tests: positions of the looser search
}

// search is one run of the solver.
type search struct {
	g        game
	ctx      context.Context
	deadline time.Time
	maxNodes int64
	nodes    int64
	tt       *table
	stop     string
	path     []mv
	bufs     [][]mv
	kids     [][]kid // the children of the position at each depth of the path
	lines    [][]mv  // the moves to each of them, in kids' ranges
	talBuf   []uint8
	best     []mv
	bestVal  int
	root     kid        // the position searched
	loose    bool       // a first pass that only looks for wins
	looseN   int64      // positions of the loose pass, when it ended
	crowd    *crowdInfo // for crowded (crowded.go); nil when not used
	restarts            // the exact searches' runs (restart.go)

	// relaxed is the search of the same position under looser rules run
	// beside the exact pass (relaxed.go), or nil; yield hands the turn
	// back to the search it runs beside.
	relaxed *relaxedRun
	yield   func() bool
	// nextCheck is the count of positions at which the budget is next
	// checked (and turns are taken).
	nextCheck int64
}

// checkNodes is how many positions a search searches between two checks
// of its budget.
const checkNodes = 1024

// turnNodes is the positions searched until the next check of the budget:
// a turn of the exact pass while the looser search runs beside it
// (relaxed.go), checkNodes otherwise.
func (sr *search) turnNodes() int64 {
	if sr.relaxed != nil && !sr.relaxed.ended {
		return exactTurn
	}
	return checkNodes
}

// setRoot makes p the position searched.
func (sr *search) setRoot(p pos) {
	h := sr.hash(&p)
	sr.root = kid{p: p, h: h, key: posKey(h, p.wasteCode(&sr.g, p.ptr))}
}

// Solve searches s, under its rules, for a winning line. It never answers
// wrongly: a Won result's Moves replay through klondike.State.Apply to a
// win, and Lost is proven. It is safe to call from many goroutines at once
// (each call has its own memory).
func Solve(ctx context.Context, s klondike.State, cfg Config) Result {
	start := time.Now()
	cfg = cfg.withDefaults()
	var res Result
	if s.Won() {
		res.Verdict = Won
		res.Duration = time.Since(start)
		return res
	}
	p, g := fromState(&s)
	sr := newSearch(ctx, g, cfg, start)
	res.Verdict = sr.solve(p, cfg)
	res.byRelaxed = sr.stop == stopRelaxedLost
	res.restarts = sr.restarts.run
	res.exactN, res.relaxedN = sr.nodes-sr.looseN, sr.relaxed.nodes()
	switch res.Verdict {
	case Won:
		res.Moves = toEngine(s, sr.path)
	case Unknown:
		res.Stop = sr.stop
	}
	if res.Verdict != Won && sr.best != nil {
		res.best = toEngine(s, sr.best)
	}
	res.Nodes = max(sr.nodes+sr.relaxed.nodes(), 1)
	res.Duration = time.Since(start)
	return res
}

func newSearch(ctx context.Context, g game, cfg Config, start time.Time) *search {
	sr := &search{
		g:         g,
		ctx:       ctx,
		deadline:  start.Add(cfg.Timeout),
		maxNodes:  cfg.MaxNodes,
		tt:        newTable(cfg.MaxMemory),
		talBuf:    make([]uint8, 0, 2*talonSize),
		bestVal:   -1,
		nextCheck: checkNodes,
	}
	if d, ok := ctx.Deadline(); ok && d.Before(sr.deadline) {
		sr.deadline = d
	}
	return sr
}

// solve searches p, a position not won yet; on Won, sr.path is a winning
// line from p.
func (sr *search) solve(p pos, cfg Config) Verdict {
	sr.path = p.autoMoves(&sr.g, sr.path)
	mark := len(sr.path)
	if sr.lostAtStart(&p, cfg) {
		return Lost
	}
	// First a quick look for a win with loose moves, then the exact
	// search, each with its own table.
	// The first pass gets a quarter of the nodes and of the time.
	sr.loose = true
	sr.maxNodes = min(cfg.MaxNodes/4, looseNodes)
	deadline := sr.deadline
	sr.deadline = time.Now().Add(time.Until(deadline) / 4)
	sr.setRoot(p)
	won := sr.dfs(0, &sr.root)
	more := sr.stop == "" || sr.stop == "nodes" || (sr.stop == "time" && time.Now().Before(deadline))
	sr.looseN = sr.nodes
	if !won && more {
		sr.loose, sr.stop = false, ""
		sr.g.twins = !cfg.noTwins
		sr.maxNodes = cfg.MaxNodes
		sr.deadline = deadline
		sr.tt.reset()
		sr.path = sr.path[:mark]
		if !cfg.noRelaxed {
			sr.relaxed = sr.startRelaxed(p, cfg)
			defer sr.relaxed.stop()
		}
		sr.setRoot(p)
		sr.restarts.start(cfg)
		won = sr.runs()
	}
	switch {
	case won:
		return Won
	case sr.stop == "" || sr.stop == stopRelaxedLost:
		return Lost
	}
	return Unknown
}

// lostAtStart reports whether the relaxation (blocked.go) or the count of
// places (crowded.go) proves p, the first position of a search, lost; it
// sets up the count for the search.
func (sr *search) lostAtStart(p *pos, cfg Config) bool {
	if !cfg.noBlocked && p.blocked(&sr.g) {
		return true
	}
	if !cfg.noCrowded {
		sr.crowd = newCrowdInfo(p, &sr.g, !cfg.noOrder)
		if p.crowded(sr.crowd) {
			return true
		}
	}
	return false
}

// dfs reports whether the position of c, at depth and reached by
// sr.path, leads to a win; on true, sr.path is the whole winning line.
func (sr *search) dfs(depth int, c *kid) bool {
	p := &c.p
	if p.won() {
		return true
	}
	if sr.nodes >= sr.nextCheck {
		sr.nextCheck = sr.nodes + sr.turnNodes()
		if !sr.checkBudget() {
			return false
		}
	}
	if sr.stop != "" {
		return false
	}
	added, full := sr.tt.insert(c.key)
	if full {
		sr.stop = "memory"
		return false
	}
	if !added && !sr.restarts.resume(c.key) {
		return false
	}
	if sr.dominated(p, c.h) {
		return false
	}
	sr.nodes++
	if sr.nodes >= sr.maxNodes {
		sr.stop = "nodes"
		return false
	}
	if sr.restarts.enabled {
		sr.restarts.record(depth, c.key)
		if sr.nodes >= sr.restarts.runEnd {
			sr.stop, sr.restarts.stopDepth = stopRestart, depth
			return false
		}
	}
	if c.placed && sr.crowd != nil && p.crowded(sr.crowd) {
		return false // lost (crowded.go)
	}
	if p.nTalon == 0 && p.faceDown() == 0 {
		end := *p
		if line, ok := end.finish(&sr.g, sr.path); ok {
			sr.path = line
			return true
		}
	}
	if v := 2*p.foundCards() - 3*p.faceDown() - int(p.nTalon); v > sr.bestVal {
		sr.bestVal = v
		sr.best = append(sr.best[:0], sr.path...)
	}
	for len(sr.bufs) <= depth {
		sr.bufs = append(sr.bufs, make([]mv, 0, 64))
		sr.kids = append(sr.kids, nil)
		sr.lines = append(sr.lines, nil)
	}
	ms := p.moves(&sr.g, sr.bufs[depth][:0], sr.talBuf, sr.loose)
	sr.bufs[depth] = ms
	// The children first, then which of them the table has seen, in one
	// tight loop whose cache misses overlap, then the search of the rest.
	kids, lines := sr.kids[depth][:0], sr.lines[depth][:0]
	for i := range ms {
		if len(kids) == cap(kids) {
			kids = append(kids, kid{})[:len(kids)]
		}
		k := &kids[:len(kids)+1][len(kids)]
		k.p = *p
		k.p.apply(&sr.g, ms[i])
		if !sr.useful(p, &k.p, &ms[i]) {
			continue
		}
		k.from = int32(len(lines))
		lines = k.p.autoMovesAfter(&sr.g, append(lines, ms[i]), &ms[i])
		k.to = int32(len(lines))
		// Only a card put on a face-up card can make a position crowded
		// that was not (crowded.go).
		k.placed = ms[i].kind != mColFound && ms[i].kind != mTalonFound && p.cols[ms[i].to].n > 0
		k.h = sr.hash(&k.p)
		k.key = posKey(k.h, k.p.wasteCode(&sr.g, k.p.ptr))
		kids = kids[:len(kids)+1]
	}
	sr.kids[depth], sr.lines[depth] = kids, lines
	sr.tt.touch(kids)
	for i := range kids {
		kids[i].seen = sr.tt.contains(kids[i].key)
	}
	mark := len(sr.path)
	for i := range kids {
		k := &kids[i]
		if k.seen && !sr.restarts.isUnfinished(k.key) {
			continue // searched already: dfs would return at once
		}
		sr.path = append(sr.path, lines[k.from:k.to]...)
		if sr.dfs(depth+1, k) {
			return true
		}
		sr.path = sr.path[:mark]
		if sr.stop != "" {
			return false
		}
	}
	return false
}

// kid is a position to search: the position, its hash but for the waste
// and its table key, whether the move to it put a card on a face-up
// card, and for a child of a position searched, the moves to it (the
// search's lines at its depth) and whether the table had seen it when its
// siblings were made. A child's position stays where it is while it is
// searched: each depth has its own buffer.
type kid struct {
	p        pos
	h, key   uint64
	from, to int32
	placed   bool
	seen     bool
}

// hash returns the table hash of p but for its waste.
func (sr *search) hash(p *pos) uint64 {
	if sr.g.twins {
		return p.twinHash() + p.talonHash(&sr.g) // the exact pass: the tableau up to twin swaps
	}
	return p.tableauHash() + p.talonHash(&sr.g)
}

// dominated reports whether a position that p's waste size only
// restricts was searched already. In draw 3 with unlimited passes the
// waste size matters only through the cards that drawing on can reach: a
// smaller waste size of the same remainder mod 3 reaches p's by drawing,
// and every waste size reaches a fresh pass's by recycling, so such a
// position has every move p has, to the same positions. When p is
// searched, its fresh pass is recorded as searched too.
func (sr *search) dominated(p *pos, h uint64) bool {
	g := &sr.g
	if g.draw != 3 || g.passes != klondike.Unlimited || p.ptr%3 == 0 || p.ptr == p.nTalon {
		return false
	}
	for q := int(p.ptr) - 3; q >= 1; q -= 3 {
		if k := posKey(h, uint8(q)); sr.tt.contains(k) && !sr.restarts.isUnfinished(k) {
			return true
		}
	}
	sr.tt.insert(posKey(h, 0))
	return false
}

// useful filters moves that make no progress by themselves (see
// usefulAfterPartial).
func (sr *search) useful(p, child *pos, m *mv) bool {
	switch m.kind {
	case mColCol:
		src := &p.cols[m.from]
		if src.n-m.n > src.down { // a partial run
			tal := child.talonCards(&sr.g, sr.talBuf[:0])
			return child.usefulAfterPartial(&sr.g, m.from, m.card, tal)
		}
		if src.down == 0 && src.n == m.n { // the column emptied
			tal := child.talonCards(&sr.g, sr.talBuf[:0])
			return child.usefulAfterEmptying(&sr.g, tal)
		}
	case mFoundCol:
		tal := child.talonCards(&sr.g, sr.talBuf[:0])
		return child.usefulAfterFoundCol(&sr.g, m.card, tal)
	}
	return true
}

func (sr *search) checkBudget() bool {
	if sr.yield != nil && !sr.yield() {
		sr.stop = "canceled"
		return false
	}
	if sr.relaxed != nil {
		// The looser search's positions count against the budget too.
		n := sr.relaxed.nodes()
		lost := sr.relaxed.step()
		sr.maxNodes -= sr.relaxed.nodes() - n
		if lost {
			sr.stop = stopRelaxedLost
			return false
		}
	}
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

// finish plays out a position with every card face up and an empty
// talon: the lowest card left is always on top of its column, so it
// always succeeds.
func (p *pos) finish(g *game, path []mv) ([]mv, bool) {
	for !p.won() {
		moved := false
		for i := range p.cols {
			col := &p.cols[i]
			if col.n > 0 && p.fitsFoundation(col.cards[col.n-1]) {
				m := mv{kind: mColFound, from: uint8(i), n: 1, card: col.cards[col.n-1]}
				p.apply(g, m)
				path = append(path, m)
				moved = true
			}
		}
		if !moved {
			return path, false
		}
	}
	return path, true
}
