package hub

import (
	"context"
	"encoding/json"
	"time"

	"github.com/solitaire-race/racer/hub/wire"
)

// attachRacer seats the connection in a race its player races: a new
// session epoch fences older connections out, and the racer gets the full
// state of the race.
func (rc *racing) attachRacer(race string, resume bool) {
	c := rc.c
	id, _ := c.identity()
	c.mu.Lock()
	_, seated := rc.seats[race]
	busy := rc.attaching[race]
	if !seated && !busy {
		if rc.attaching == nil {
			rc.attaching = make(map[string]bool)
		}
		rc.attaching[race] = true
	}
	c.mu.Unlock()
	if seated || busy {
		return
	}
	defer func() {
		c.mu.Lock()
		delete(rc.attaching, race)
		c.mu.Unlock()
	}()
	rc.releaseEnded()
	ctx, cancel := context.WithTimeout(c.ctx, 10*time.Second)
	defer cancel()
	lr, err := c.h.reg.acquireRace(ctx, race)
	if err != nil {
		c.sendErr(err, race, 0)
		return
	}
	if !lr.race.HasRacer(id.Player) {
		c.h.reg.releaseRace(lr)
		c.sendError(wire.CodeNotInRace, "you are not a racer in this race", race, 0)
		return
	}
	epoch, err := c.h.cfg.Store.Join(ctx, race, id.Player)
	if err != nil {
		c.h.reg.releaseRace(lr)
		c.sendErr(err, race, 0)
		return
	}
	if resume {
		// The race may have been loaded here before the racer came back,
		// with the events of the moves they made on another node still on
		// their way. Join fenced that session out, so the store now holds
		// every move the racer was acknowledged: read it, so that they
		// resume where they left.
		if err := lr.reload(ctx); err != nil {
			c.h.reg.releaseRace(lr)
			c.sendErr(err, race, 0)
			return
		}
	}
	c.mu.Lock()
	if c.ctx.Err() != nil || rc.seats[race] != nil {
		c.mu.Unlock()
		c.h.reg.releaseRace(lr)
		return
	}
	if rc.seats == nil {
		rc.seats = make(map[string]*seat)
	}
	rc.seats[race] = &seat{lr: lr, epoch: epoch}
	c.mu.Unlock()
	c.setKind("racer")
	if resume {
		c.h.met.resumed.Inc()
	}
	lr.feed.addRacer(c, id.Player)
}

// releaseEnded gives up the connection's seats in races that have ended,
// so that a long session does not keep every past race loaded.
func (rc *racing) releaseEnded() {
	c := rc.c
	id, _ := c.identity()
	c.mu.Lock()
	seats := make(map[string]*seat, len(rc.seats))
	for race, s := range rc.seats {
		seats[race] = s
	}
	c.mu.Unlock()
	// Lock order: a liveRace's mu is never taken under c.mu.
	var ended []*seat
	for race, s := range seats {
		s.lr.mu.Lock()
		done := s.lr.ended
		s.lr.mu.Unlock()
		if !done {
			continue
		}
		c.mu.Lock()
		if rc.seats[race] == s {
			delete(rc.seats, race)
			ended = append(ended, s)
		}
		c.mu.Unlock()
	}
	for _, s := range ended {
		s.lr.feed.removeRacer(c, id.Player)
		c.h.reg.releaseRace(s.lr)
	}
}

// addRacer registers c as a connection of racer and sends it the race.
// A connection that has ended is not added: its cleanup (after its
// context ends) may have removed it from lr already, and a connection
// left in lr.racers would keep its racer present for good.
func (f *raceFeed) addRacer(c *conn, racer string) {
	lr := f.lr
	lr.mu.Lock()
	if c.ctx.Err() != nil {
		lr.mu.Unlock()
		return
	}
	first := len(f.racers[racer]) == 0
	if f.racers[racer] == nil {
		f.racers[racer] = make(map[*conn]struct{})
	}
	f.racers[racer][c] = struct{}{}
	f.connected[racer] = true
	now := lr.storeNow()
	p := f.progressLocked(racer)
	msg := wire.RaceMessage{Type: wire.TypeRace, Race: raceInfo(lr.h.cfg.Games, lr.race), Phase: string(lr.m.Phase(now)), Now: now,
		Seq: p.Seq, View: viewOf(lr.m, racer), Status: p.Status, Progress: f.allProgressLocked()}
	lr.h.markOffBoard(&msg.Race, lr.race)
	c.sendJSON(msg)
	if lr.ended {
		c.enqueue(lr.endFrame)
		if lr.ratingsFrame != nil {
			c.enqueue(lr.ratingsFrame)
		}
	}
	lr.mu.Unlock()
	if first {
		f.publishPresence(racer, true)
	}
}

// removeRacer unregisters c; the racer's last local connection going
// marks them disconnected everywhere.
func (f *raceFeed) removeRacer(c *conn, racer string) {
	lr := f.lr
	lr.mu.Lock()
	delete(f.racers[racer], c)
	last := len(f.racers[racer]) == 0
	lr.mu.Unlock()
	if last {
		f.publishPresence(racer, false)
	}
}

func (f *raceFeed) publishPresence(racer string, connected bool) {
	lr := f.lr
	h := lr.h
	ctx, cancel := context.WithTimeout(h.ctx, 5*time.Second)
	defer cancel()
	ch := raceChannel(lr.id)
	var err error
	if connected {
		err = h.cfg.Presence.SetPresence(ctx, ch, racer, []byte(h.nodeID), h.cfg.PresenceTTL)
	} else {
		err = h.cfg.Presence.RemovePresence(ctx, ch, racer)
	}
	if err != nil {
		h.log.Warn("presence", "race", lr.id, "err", err)
	}
	b, _ := json.Marshal(event{Kind: evPresence, Node: h.nodeID, Racer: racer, Connected: connected})
	if err := h.cfg.Broker.Publish(ctx, ch, b); err != nil {
		h.log.Warn("publishing presence", "race", lr.id, "err", err)
	}
}

// refreshPresence keeps this node's racers present and learns of racers
// whose presence expired or whose node is dead (Hub.beat tells of a death
// at once; this catches what its events missed).
func (f *raceFeed) refreshPresence() {
	lr := f.lr
	h := lr.h
	ctx, cancel := context.WithTimeout(h.ctx, 5*time.Second)
	defer cancel()
	ch := raceChannel(lr.id)
	lr.mu.Lock()
	var local []string
	for id, cs := range f.racers {
		if len(cs) > 0 {
			local = append(local, id)
		}
	}
	lr.mu.Unlock()
	pres, err := h.cfg.Presence.RefreshPresence(ctx, ch, local, []byte(h.nodeID), h.cfg.PresenceTTL)
	if err != nil {
		return
	}
	lr.mu.Lock()
	defer lr.mu.Unlock()
	for _, r := range lr.race.Racers {
		node, on := pres[r.ID]
		if on {
			f.nodeOf[r.ID] = string(node)
		} else {
			delete(f.nodeOf, r.ID)
		}
		on = on && !h.nodes.nodeDead(string(node)) || len(f.racers[r.ID]) > 0
		if f.connected[r.ID] != on {
			f.connected[r.ID] = on
			f.broadcastProgressLocked(r.ID)
		}
	}
}
