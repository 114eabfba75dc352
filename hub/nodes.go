package hub

import (
	"context"
	"sync"
	"time"
)

// nodeWatch is what this node knows of the cluster's other nodes, from
// the heartbeats it sends (Config.Nodes): the nodes it found dead, and
// how long its own beats have succeeded without a miss. It is safe for
// concurrent use; mu is taken under a liveRace's mu, never the other way
// round.
type nodeWatch struct {
	h    *Hub
	mu   sync.Mutex
	dead map[string]bool
	// since starts the current run of beats without a miss, last is the
	// latest beat that succeeded (zero: none yet).
	since, last time.Time
	failing     bool // the latest beat failed (logged once per outage)
}

// beatEvery is the period of this node's heartbeat.
func (w *nodeWatch) beatEvery() time.Duration { return max(w.h.cfg.NodeTTL/4, time.Millisecond) }

// nodeDead reports whether node is known dead: its heartbeat expired.
// This node, and nodes never heard of, are not.
func (w *nodeWatch) nodeDead(node string) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.dead[node]
}

// beatLoop beats for this node every beatEvery until ctx ends.
func (w *nodeWatch) beatLoop(ctx context.Context) {
	t := time.NewTicker(w.beatEvery())
	defer t.Stop()
	for {
		w.beat(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// beat records this node as alive for NodeTTL and learns which nodes
// died or came back, then tells the races loaded here.
//
// A node is judged dead only after this node's own beats have succeeded
// without a miss for a whole NodeTTL: after a store outage or a pause of
// this process, every other node had its beats fail too and must get a
// TTL to beat again before its silence means anything. Nodes coming back
// count at once.
func (w *nodeWatch) beat(ctx context.Context) {
	h := w.h
	every := w.beatEvery()
	bctx, cancel := context.WithTimeout(ctx, every)
	nodes, err := h.cfg.Nodes.Beat(bctx, h.nodeID, h.cfg.NodeTTL)
	cancel()
	now := time.Now()
	if err != nil {
		w.mu.Lock()
		first := !w.failing
		w.failing = true
		w.mu.Unlock()
		if first && ctx.Err() == nil {
			h.log.Warn("node heartbeat failed: not judging other nodes until beats succeed for a node TTL", "err", err)
		}
		return
	}
	var died, back map[string]bool
	w.mu.Lock()
	if w.failing {
		w.failing = false
		h.log.Info("node heartbeat back")
	}
	if w.last.IsZero() || now.Sub(w.last) > 2*every {
		w.since = now
	}
	w.last = now
	judge := now.Sub(w.since) >= h.cfg.NodeTTL
	for id, alive := range nodes {
		switch {
		case id == h.nodeID:
		case alive && w.dead[id]:
			delete(w.dead, id)
			if back == nil {
				back = make(map[string]bool)
			}
			back[id] = true
		case !alive && !w.dead[id] && judge:
			if w.dead == nil {
				w.dead = make(map[string]bool)
			}
			w.dead[id] = true
			if died == nil {
				died = make(map[string]bool)
			}
			died[id] = true
		}
	}
	for id := range w.dead {
		if _, ok := nodes[id]; !ok {
			delete(w.dead, id) // forgotten by the store: long gone
		}
	}
	w.mu.Unlock()
	if len(died) == 0 && len(back) == 0 {
		return
	}
	h.log.Info("nodes changed", "dead", keys(died), "back", keys(back))
	for _, lr := range h.reg.all() {
		select {
		case <-lr.ready:
			if lr.err == nil {
				lr.feed.nodesChanged(died, back)
			}
		default: // loading: it reads presence after the change
		}
	}
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// nodesChanged shows the racers present through a node that died as
// disconnected, and those of a node that came back as connected again,
// unless they have a connection here.
func (f *raceFeed) nodesChanged(died, back map[string]bool) {
	lr := f.lr
	lr.mu.Lock()
	defer lr.mu.Unlock()
	for _, r := range lr.race.Racers {
		node, known := f.nodeOf[r.ID]
		if !known || len(f.racers[r.ID]) > 0 {
			continue
		}
		var on bool
		switch {
		case died[node]:
		case back[node]:
			on = true
		default:
			continue
		}
		if f.connected[r.ID] != on {
			f.connected[r.ID] = on
			f.broadcastProgressLocked(r.ID)
		}
	}
}
