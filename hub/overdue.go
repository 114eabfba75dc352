package hub

import (
	"context"
	"encoding/json"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/scoreboard"
)

// A race ends at its deadline (creation + countdown + time limit) on the
// node that holds it. A race every racer has left is held by no node:
// every Config.OverdueEvery, each node's sweep here asks the store for the
// races more than Config.OverdueGrace past their deadline and not
// finished (Store.Overdue, an index of deadlines), and finishes them as
// at their time limit, so that they are ranked, rated, recorded in their
// arena and archived on time, and their hot state expires as a finished
// race's does. Several nodes may sweep one race: Store.Finish keeps the
// first result and OnFinish records a race once.

// overdueBatch bounds the races one sweep finishes.
const overdueBatch = 64

// overdueList bounds a sweep's reads of the store's clock and index.
const overdueList = 5 * time.Second

// overdueFinish bounds the finish of one race by the sweep, OnFinish
// included (as liveRace.finish).
const overdueFinish = 10 * time.Second

// overdueSweep finishes the races of the Hub h that every racer left.
type overdueSweep struct{ h *Hub }

func (o *overdueSweep) overdueLoop(ctx context.Context) {
	h := o.h
	t := time.NewTicker(h.cfg.OverdueEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			o.sweepOverdue(ctx)
		}
	}
}

// sweepOverdue finishes up to overdueBatch abandoned races and returns
// how many it finished.
func (o *overdueSweep) sweepOverdue(ctx context.Context) int {
	h := o.h
	lctx, cancel := context.WithTimeout(ctx, overdueList)
	now, err := h.cfg.Store.Now(lctx)
	var ids []string
	if err == nil {
		ids, err = h.cfg.Store.Overdue(lctx, now.Add(-h.cfg.OverdueGrace), overdueBatch)
	}
	cancel()
	if err != nil {
		if ctx.Err() == nil {
			h.log.Warn("listing overdue races", "err", err)
		}
		return 0
	}
	n := 0
	for _, id := range ids {
		if ctx.Err() != nil {
			break
		}
		if o.finishOverdue(ctx, id) {
			n++
		}
	}
	return n
}

// finishOverdue finishes race id if it is still due and reports whether
// this call stored its result.
func (o *overdueSweep) finishOverdue(ctx context.Context, id string) bool {
	h := o.h
	ctx, cancel := context.WithTimeout(ctx, overdueFinish)
	defer cancel()
	snap, err := h.cfg.Store.Load(ctx, id)
	if err != nil || snap.Result != nil {
		return false
	}
	res, ratings, first := o.finishStale(ctx, snap)
	if !first {
		return false
	}
	h.log.Info("abandoned race finished", "race", id, "reason", res.Reason)
	if snap.Race.Arena != "" {
		h.arenas.record(ctx, snap.Race.Arena, *res)
	}
	// Spectators, or a racer who comes back, learn the end and what it
	// did to the ratings.
	b, _ := json.Marshal(event{Kind: evEnd, Result: res})
	_ = h.cfg.Broker.Publish(ctx, raceChannel(id), b)
	if ratings != nil {
		b, _ = json.Marshal(event{Kind: evRatings, Ratings: ratings})
		_ = h.cfg.Broker.Publish(ctx, raceChannel(id), b)
	}
	return true
}

// finishStale finishes a race more than Config.OverdueGrace past its
// deadline that no node finished (every racer gone), as liveRace.finish
// would. It returns the stored result, or nil when the race is not due,
// what OnFinish returned, and whether this call stored the result.
func (o *overdueSweep) finishStale(ctx context.Context, snap match.Snapshot) (*match.Result, *scoreboard.Ratings, bool) {
	h := o.h
	r := snap.Race
	d := r.Deadline()
	if d.IsZero() {
		return nil, nil, false
	}
	now, err := h.cfg.Store.Now(ctx)
	if err != nil || now.Before(d.Add(h.cfg.OverdueGrace)) {
		return nil, nil, false
	}
	res, over, err := match.Rank(snap, now, h.opts)
	if err != nil || !over {
		return nil, nil, false
	}
	stored, first, err := h.cfg.Store.Finish(ctx, r.ID, res)
	if err != nil {
		return nil, nil, false
	}
	if first {
		h.met.racesFinished.WithLabelValues(stored.Reason).Inc()
	}
	var ratings *scoreboard.Ratings
	if h.cfg.OnFinish != nil {
		snap.Result = &stored
		ratings = h.cfg.OnFinish(ctx, snap)
	}
	return &stored, ratings, first
}
