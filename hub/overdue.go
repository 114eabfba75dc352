package hub

import (
	"context"
	"encoding/json"
	"time"
)

// A race ends at its time limit on the node that holds it. A race every
// racer has left is held by no node: the sweep here finishes it once it
// is surely past any time limit, so that it is ranked, rated and
// archived, and its hot state expires as a finished race's does.

// overdueGrace is how long past the longest time limit (and countdown)
// a race may stay unfinished before the sweep finishes it: its node, if
// one holds it, ends it first.
const overdueGrace = time.Minute

// overdueBatch bounds the races one sweep finishes.
const overdueBatch = 64

func (h *Hub) overdueLoop(ctx context.Context) {
	t := time.NewTicker(h.cfg.OverdueEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			sctx, cancel := context.WithTimeout(ctx, h.cfg.OverdueEvery)
			h.sweepOverdue(sctx)
			cancel()
		}
	}
}

// sweepOverdue finishes up to overdueBatch abandoned races and returns
// how many it finished. Several nodes may sweep one race: Store.Finish
// keeps the first result and OnFinish records a race once.
func (h *Hub) sweepOverdue(ctx context.Context) int {
	now, err := h.cfg.Store.Now(ctx)
	if err != nil {
		return 0
	}
	before := now.Add(-(h.cfg.MaxTimeLimit + h.cfg.Countdown + overdueGrace))
	ids, err := h.cfg.Store.Overdue(ctx, before, overdueBatch)
	if err != nil {
		h.log.Warn("listing overdue races", "err", err)
		return 0
	}
	n := 0
	for _, id := range ids {
		snap, err := h.cfg.Store.Load(ctx, id)
		if err != nil || snap.Result != nil {
			continue
		}
		res, first := h.finishStale(ctx, snap)
		if !first {
			continue
		}
		n++
		h.log.Info("abandoned race finished", "race", id, "reason", res.Reason)
		if snap.Race.Arena != "" {
			h.recordArena(ctx, snap.Race.Arena, *res)
		}
		// Spectators, or a racer who comes back, learn the end.
		b, _ := json.Marshal(event{Kind: evEnd, Result: res})
		_ = h.cfg.Broker.Publish(ctx, raceChannel(id), b)
	}
	return n
}
