package hub

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"
)

// lostAfter is how many renewals in a row must miss a waiting connection's
// lobby entry before the hub queues the player again. One miss is not
// enough: the player may have just been paired by another node, whose
// start event is on its way (it takes milliseconds; renewals are
// QueueTTL/3 apart) and takes the connection out of the queue.
const lostAfter = 2

// queuedEntry is one connection's wait in a quick-race queue: what Run
// needs to renew its lobby entry and to notice that the entry was lost.
type queuedEntry struct {
	profile, player string
	// wait tells this wait from the connection's earlier and later ones.
	wait uint64
	// misses counts the renewals in a row that did not find the entry.
	misses int
}

// matchmaker keeps the waits of this node's connections in the
// quick-race queues (the queues themselves are the Lobby's) and renews
// them. queuedMu is taken under a conn's mu, never the other way round.
type matchmaker struct {
	h *Hub

	queuedMu sync.Mutex
	queued   map[*conn]queuedEntry
	waits    uint64 // the last queuedEntry.wait given
}

// addQueued records that c waits in a queue, a new wait with no misses.
// c.mu is held, so that the registry follows c.queued exactly.
func (mm *matchmaker) addQueued(c *conn, e queuedEntry) {
	mm.queuedMu.Lock()
	mm.waits++
	e.wait, e.misses = mm.waits, 0
	mm.queued[c] = e
	mm.queuedMu.Unlock()
}

// removeQueued forgets c's wait. c.mu is held.
func (mm *matchmaker) removeQueued(c *conn) {
	mm.queuedMu.Lock()
	delete(mm.queued, c)
	mm.queuedMu.Unlock()
}

// renewQueued renews the lobby entries of the players waiting through this
// node: one Touch per profile. A failure is logged; the next tick tries
// again, and an entry expires only after QueueTTL without any renewal.
// A connection whose entry Touch missed lostAfter times in a row, while
// it kept waiting, is queued again (requeue): its entry expired while the
// lobby was out of reach, or was dropped as a ghost meanwhile.
func (mm *matchmaker) renewQueued(ctx context.Context) {
	h := mm.h
	players := make(map[string][]string)       // by profile, each once
	asked := make(map[string]map[*conn]uint64) // by profile: the waits asked about
	mm.queuedMu.Lock()
	for c, e := range mm.queued {
		if !slices.Contains(players[e.profile], e.player) {
			players[e.profile] = append(players[e.profile], e.player)
		}
		if asked[e.profile] == nil {
			asked[e.profile] = make(map[*conn]uint64)
		}
		asked[e.profile][c] = e.wait
	}
	mm.queuedMu.Unlock()
	for profile, ids := range players {
		missing, err := h.cfg.Lobby.Touch(ctx, profile, ids, h.cfg.QueueTTL)
		if err != nil {
			h.log.Warn("renewing queue entries", "profile", profile, "players", len(ids), "err", err)
			continue // no answer: misses stay as they are
		}
		for c, wait := range mm.countMisses(asked[profile], missing) {
			go c.lb.requeue(profile, wait)
		}
	}
}

// countMisses updates the misses of the waits asked about in one Touch
// (connection to wait), which did not find the players of missing, and
// returns those to queue again. A connection that has left the queue
// since, or waits anew, is left alone.
func (mm *matchmaker) countMisses(asked map[*conn]uint64, missing []string) map[*conn]uint64 {
	var lost map[*conn]uint64
	mm.queuedMu.Lock()
	defer mm.queuedMu.Unlock()
	for c, wait := range asked {
		e, ok := mm.queued[c]
		if !ok || e.wait != wait {
			continue
		}
		if !slices.Contains(missing, e.player) {
			e.misses = 0
		} else if e.misses++; e.misses >= lostAfter {
			e.misses = 0
			if lost == nil {
				lost = make(map[*conn]uint64)
			}
			lost[c] = e.wait
		}
		mm.queued[c] = e
	}
	return lost
}

// stillWaiting reports whether c still waits in profile's queue, in the
// same wait.
func (mm *matchmaker) stillWaiting(c *conn, profile string, wait uint64) bool {
	mm.queuedMu.Lock()
	defer mm.queuedMu.Unlock()
	e, ok := mm.queued[c]
	return ok && e.profile == profile && e.wait == wait
}

// requeue queues the connection's player again in profile's queue, whose
// entry the lobby lost while the connection kept waiting (wait): as a
// queue message does, pairing them at once when someone waits there, and
// offering a bot later otherwise. The connection stays queued throughout.
// If it leaves the queue while Enqueue runs (unqueue, a race's start, a
// closed socket), a new entry is taken out again; a pairing stands, as it
// does when an unqueue crosses a pairing made by another node.
func (lb *lobbyState) requeue(profile string, wait uint64) {
	c := lb.c
	h := c.h
	if !h.mm.stillWaiting(c, profile, wait) {
		return
	}
	id, _ := c.identity()
	// Not c.ctx: a closed socket must not cut off an Enqueue that Redis
	// may still apply, since the entry is then removed below.
	ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
	defer cancel()
	if lb.joinMissedRace(ctx, profile) {
		return
	}
	me := c.racer()
	partner, paired, err := h.cfg.Lobby.Enqueue(ctx, profile, me, h.cfg.QueueTTL)
	if err != nil {
		h.log.Warn("queueing again after the queue entry was lost", "player", id.Player, "profile", profile, "err", err)
		return // still queued: the next renewals miss the entry again
	}
	if !paired {
		c.mu.Lock()
		still := lb.queued == profile
		c.mu.Unlock()
		if !still {
			_, _ = h.cfg.Lobby.Dequeue(ctx, profile, id.Player)
			return
		}
	}
	h.log.Info("queue entry lost, queued again", "player", id.Player, "profile", profile, "paired", paired)
	if !paired {
		lb.armBot(profile)
		return
	}
	// The race's start event takes the connection out of the queue; if
	// the race is stored but its start was not published, the connection
	// joins it here. If the race cannot start, the partner is queued again
	// at once (startPaired) and this connection still waits, with no
	// entry: two more renewals queue it again. The player asked for
	// nothing, so the error is only logged.
	race, err := h.startPaired(ctx, profile, partner, me)
	if errors.Is(err, errUnannounced) {
		lb.started(race)
	}
	if err != nil {
		h.log.Warn("starting a race after queueing again", "player", id.Player, "profile", profile, "err", err)
	}
}

// startSkew is how much earlier than the start of a wait, by this node's
// clock, the store's clock may date a race dealt during the wait.
const startSkew = 5 * time.Second

// joinMissedRace looks among the player's live races (Store.LiveFor) for
// quick races of profile dealt during the connection's wait that the
// connection has not joined: the node that paired the player stored the
// race but its start event never came (publishing failed, or the event is
// late). The connection leaves the queue and joins them as at a start
// event, and joinMissedRace reports true: queueing the player again would
// pair someone already racing. A failed lookup reports false (queue again:
// a player stuck waiting is the worse outcome).
func (lb *lobbyState) joinMissedRace(ctx context.Context, profile string) bool {
	c := lb.c
	id, _ := c.identity()
	races, err := c.h.cfg.Store.LiveFor(ctx, id.Player)
	if err != nil {
		c.h.log.Warn("looking for a race dealt while the queue entry was lost", "player", id.Player, "err", err)
		return false
	}
	var missed []string
	c.mu.Lock()
	since := lb.queuedAt.Add(-startSkew)
	for _, r := range races {
		if r.Room != "" || r.Profile != profileOf(profile) || !r.HasRacer(id.Player) || r.CreatedAt.Before(since) {
			continue
		}
		if !c.rc.seatedLocked(r.ID) {
			missed = append(missed, r.ID)
		}
	}
	c.mu.Unlock()
	if len(missed) == 0 {
		return false
	}
	c.h.log.Info("joining a race whose start event did not come", "player", id.Player, "profile", profile, "races", missed)
	for _, r := range missed {
		lb.started(r)
	}
	return true
}
