package solver

import (
	"iter"
	"time"

	"github.com/solitaire-race/racer/klondike"
)

// A third proof of loss: the same position searched under looser rules.
// Under draw 1 with unlimited passes every card of the stock and waste is
// in reach at any time, so every line of draw 3, or of limited passes, is
// a line there too (draws and recycles aside; the foundation-to-column
// rule stays as it is). A position lost there is lost here, and the
// looser game has far fewer positions: the talon is a set, and its safe
// cards go home at once. On relaxed-3 seed 943, lost, the exact search
// takes 4.5 million positions and draw 1 0.7 million.
//
// The looser search runs beside the exact pass, taking turns (a
// coroutine, iter.Pull): 2,048 positions of the exact pass, then 1,024 of
// the looser search, so that a deal the looser rules win or cannot decide
// costs the exact pass at most a third of its speed while the looser
// search lasts. It stops at its first win (which says nothing
// here). While both run, each one's table gets half the memory; the exact
// pass gets it all back when the looser search ends. The turns are taken at
// the exact pass's budget checks, so both see the same deadline and
// context.

// The turns, in positions. The exact pass gets two thirds: it decides
// every won deal, and the looser search only some lost ones. On relaxed-3
// seeds 1-1000 (10 s each, one worker), against equal turns of 1,024:
// 2.6 % more positions in all (52.3 against 51.0 million) and about the
// same mean (60.1 against 59.0 ms), but the longest deal, seed 12, lost,
// which both searches take about 3.6 million positions to prove, 7.5 s
// against 9.8 s. On seeds 1001-2000 the same verdicts but for a won deal
// at the limit (1521, 9.8 s), 1.7 % more positions, and the two unknowns
// stay unknown under any share (1361 needs 7.1 million positions under
// draw 1 alone, more than 17.7 million exactly; 1862 is won under draw 1
// and needs 12.1 million exactly). Three to one: seed 12 6.7 s, 6 % more
// positions on seeds 1-1000. checkNodes, the positions between two
// checks of the budget, is also the looser search's turn.
const exactTurn = 2 * checkNodes

// stopRelaxedLost is the stop reason of an exact pass cut short because
// the looser search proved the position lost.
const stopRelaxedLost = "relaxed-lost"

// relaxedRun is the looser search running beside an exact pass.
type relaxedRun struct {
	sr     *search
	ended  bool
	next   func() (bool, bool)
	stopFn func()
	// restore gives the exact pass back the memory the looser search had.
	restore func()
}

// startRelaxed starts the looser search of p when the rules are draw 3
// with unlimited passes, and returns nil otherwise. It halves the memory
// of sr's table.
//
// With limited passes it does not pay: most deals lost there are won
// under draw 1 with unlimited passes, and the looser search only slows
// the exact pass until it finds that win (bvs and classic seeds 1-300 at
// 1M positions: the same verdicts, with 7 % and 3 % more positions).
func (sr *search) startRelaxed(p pos, cfg Config) *relaxedRun {
	if sr.g.draw == 1 || sr.g.passes != klondike.Unlimited {
		return nil
	}
	g := looserGame(sr.g)
	g.twins = !cfg.noTwins
	half := cfg
	half.MaxMemory /= 2
	slots := sr.tt.maxSlots
	sr.tt.maxSlots = max(sr.tt.maxSlots/2, len(sr.tt.slots), minSlots)
	rs := newSearch(sr.ctx, g, half, time.Now())
	rs.deadline = sr.deadline
	rs.maxNodes = cfg.MaxNodes
	r := &relaxedRun{sr: rs, restore: func() { sr.tt.maxSlots = slots }}
	r.next, r.stopFn = iter.Pull(func(yield func(bool) bool) {
		stopped := false
		rs.yield = func() bool {
			stopped = !yield(false)
			return !stopped
		}
		if lost := rs.exact(p, cfg) == Lost; !stopped {
			yield(lost)
		}
	})
	return r
}

// looserGame returns the game of the looser search: draw 1, unlimited
// passes, the rest as in g.
func looserGame(g game) game {
	g.draw, g.passes = 1, klondike.Unlimited
	return g
}

// stop ends the looser search, if it still runs.
func (r *relaxedRun) stop() {
	if r != nil {
		r.stopFn()
	}
}

// nodes is the positions the looser search searched.
func (r *relaxedRun) nodes() int64 {
	if r == nil {
		return 0
	}
	return r.sr.nodes
}

// end records that the looser search ended without proving a loss: its
// table is freed and the exact pass gets its memory back.
func (r *relaxedRun) end() {
	r.ended = true
	r.sr.tt.slots = nil // the coroutine that used it has returned
	r.restore()
}

// exact searches p exactly under rs's rules, without a loose first pass
// and without a looser search beside it.
func (rs *search) exact(p pos, cfg Config) Verdict {
	p.autoMoves(&rs.g, nil)
	if p.won() {
		return Won
	}
	if rs.lostAtStart(&p, cfg) {
		return Lost
	}
	rs.setRoot(p)
	rs.restarts.start(cfg)
	switch {
	case rs.runs():
		return Won
	case rs.stop == "":
		return Lost
	}
	return Unknown
}

// step gives the looser search one turn, if it is still running, and
// reports whether it has proved the position lost.
func (r *relaxedRun) step() bool {
	if r == nil || r.ended {
		return false
	}
	lost, ok := r.next()
	if !ok {
		r.end()
	}
	return lost
}
