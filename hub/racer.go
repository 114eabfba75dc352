package hub

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
)

// attachRacer seats the connection in a race its player races: a new
// session epoch fences older connections out, and the racer gets the full
// state of the race.
func (c *conn) attachRacer(race string, resume bool) {
	id, _ := c.identity()
	c.mu.Lock()
	_, seated := c.seats[race]
	busy := c.attaching[race]
	if !seated && !busy {
		if c.attaching == nil {
			c.attaching = make(map[string]bool)
		}
		c.attaching[race] = true
	}
	c.mu.Unlock()
	if seated || busy {
		return
	}
	defer func() {
		c.mu.Lock()
		delete(c.attaching, race)
		c.mu.Unlock()
	}()
	c.releaseEnded()
	ctx, cancel := context.WithTimeout(c.ctx, 10*time.Second)
	defer cancel()
	lr, err := c.h.acquireRace(ctx, race)
	if err != nil {
		c.sendErr(err, race, 0)
		return
	}
	if !lr.race.HasRacer(id.Player) {
		c.h.releaseRace(lr)
		c.sendError(wire.CodeNotInRace, "you are not a racer in this race", race, 0)
		return
	}
	epoch, err := c.h.cfg.Store.Join(ctx, race, id.Player)
	if err != nil {
		c.h.releaseRace(lr)
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
			c.h.releaseRace(lr)
			c.sendErr(err, race, 0)
			return
		}
	}
	c.mu.Lock()
	if c.ctx.Err() != nil || c.seats[race] != nil {
		c.mu.Unlock()
		c.h.releaseRace(lr)
		return
	}
	c.seats[race] = &seat{lr: lr, epoch: epoch}
	c.mu.Unlock()
	c.setKind("racer")
	if resume {
		c.h.met.resumed.Inc()
	}
	lr.addRacer(c, id.Player)
}

// releaseEnded gives up the connection's seats in races that have ended,
// so that a long session does not keep every past race loaded.
func (c *conn) releaseEnded() {
	id, _ := c.identity()
	c.mu.Lock()
	seats := make(map[string]*seat, len(c.seats))
	for race, s := range c.seats {
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
		if c.seats[race] == s {
			delete(c.seats, race)
			ended = append(ended, s)
		}
		c.mu.Unlock()
	}
	for _, s := range ended {
		s.lr.removeRacer(c, id.Player)
		c.h.releaseRace(s.lr)
	}
}

// addRacer registers c as a connection of racer and sends it the race.
// A connection that has ended is not added: its cleanup (after its
// context ends) may have removed it from lr already, and a connection
// left in lr.racers would keep its racer present for good.
func (lr *liveRace) addRacer(c *conn, racer string) {
	lr.mu.Lock()
	if c.ctx.Err() != nil {
		lr.mu.Unlock()
		return
	}
	first := len(lr.racers[racer]) == 0
	if lr.racers[racer] == nil {
		lr.racers[racer] = make(map[*conn]struct{})
	}
	lr.racers[racer][c] = struct{}{}
	lr.connected[racer] = true
	now := lr.storeNow()
	p := lr.progressLocked(racer)
	msg := wire.RaceMessage{Type: wire.TypeRace, Race: raceInfo(lr.race), Phase: string(lr.m.Phase(now)), Now: now,
		Seq: p.Seq, View: viewOf(lr.m, racer), Status: p.Status, Progress: lr.allProgressLocked()}
	c.sendJSON(msg)
	if lr.ended {
		c.enqueue(lr.endFrame)
	}
	lr.mu.Unlock()
	if first {
		lr.publishPresence(racer, true)
	}
}

// removeRacer unregisters c; the racer's last local connection going
// marks them disconnected everywhere.
func (lr *liveRace) removeRacer(c *conn, racer string) {
	lr.mu.Lock()
	delete(lr.racers[racer], c)
	last := len(lr.racers[racer]) == 0
	lr.mu.Unlock()
	if last {
		lr.publishPresence(racer, false)
	}
}

func (lr *liveRace) publishPresence(racer string, connected bool) {
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
func (lr *liveRace) refreshPresence() {
	h := lr.h
	ctx, cancel := context.WithTimeout(h.ctx, 5*time.Second)
	defer cancel()
	ch := raceChannel(lr.id)
	lr.mu.Lock()
	var local []string
	for id, cs := range lr.racers {
		if len(cs) > 0 {
			local = append(local, id)
		}
	}
	lr.mu.Unlock()
	for _, id := range local {
		_ = h.cfg.Presence.SetPresence(ctx, ch, id, []byte(h.nodeID), h.cfg.PresenceTTL)
	}
	pres, err := h.cfg.Presence.Presence(ctx, ch)
	if err != nil {
		return
	}
	lr.mu.Lock()
	defer lr.mu.Unlock()
	for _, r := range lr.race.Racers {
		node, on := pres[r.ID]
		if on {
			lr.nodeOf[r.ID] = string(node)
		} else {
			delete(lr.nodeOf, r.ID)
		}
		on = on && !h.nodeDead(string(node)) || len(lr.racers[r.ID]) > 0
		if lr.connected[r.ID] != on {
			lr.connected[r.ID] = on
			lr.broadcastProgressLocked(r.ID)
		}
	}
}

// handleFastAction runs a frame read by parseFastAction, without
// allocating a string for the race or the action.
func (c *conn) handleFastAction(f *wire.FastAction) {
	arrived := time.Now()
	var action string
	switch string(f.Type) {
	case wire.TypeResign:
		action = match.ActionResign
	case wire.TypeFinish:
		action = match.ActionFinish
	default:
		action = intern(f.Move)
	}
	c.mu.Lock()
	s := c.seats[string(f.Race)]
	player := c.id.Player
	c.mu.Unlock()
	race := ""
	if s != nil {
		race = s.lr.id
	} else {
		race = string(f.Race)
	}
	c.act(s, player, race, f.Seq, action, arrived)
}

// handleAction is the move path of a frame encoding/json decoded.
func (c *conn) handleAction(race string, seq uint64, action string, arrived time.Time) {
	c.mu.Lock()
	s := c.seats[race]
	player := c.id.Player
	c.mu.Unlock()
	c.act(s, player, race, seq, action, arrived)
}

// act is the move path: validate against the racer's board in memory,
// append to the store with the expected sequence number and epoch,
// apply, acknowledge. s is the connection's seat in race (nil: none).
func (c *conn) act(s *seat, player, race string, seq uint64, action string, arrived time.Time) {
	h := c.h
	if s == nil {
		h.met.moves.WithLabelValues("refused").Inc()
		c.sendError(wire.CodeNotInRace, "you are not racing in that race on this connection", race, seq)
		return
	}
	if action == "" || seq == 0 {
		h.met.moves.WithLabelValues("refused").Inc()
		c.sendError(wire.CodeBadRequest, "a move needs race, seq (from 1) and move", race, seq)
		return
	}
	lr := s.lr
	m := lr.match()
	now := lr.storeNow()
	switch m.Phase(now) {
	case match.PhaseCountdown:
		h.met.moves.WithLabelValues("refused").Inc()
		c.sendError(wire.CodeNotStarted, "the race has not started", race, seq)
		return
	case match.PhaseFinished:
		h.met.moves.WithLabelValues("refused").Inc()
		c.sendError(wire.CodeRaceFinished, "the race is over", race, seq)
		return
	}
	p, err := m.Prepare(player, seq, action)
	if errors.Is(err, match.ErrDuplicate) {
		h.met.moves.WithLabelValues("duplicate").Inc()
		c.sendDupAck(lr, player)
		return
	}
	if err != nil {
		outcome := "refused"
		if code := codeOf(err); code == wire.CodeIllegalMove || code == wire.CodeBadMove {
			outcome = "illegal"
		}
		h.met.moves.WithLabelValues(outcome).Inc()
		c.sendErr(err, race, seq)
		return
	}
	evb := appendMoveEvent(make([]byte, 0, 96), h.nodeID, player, seq, action)
	// A stalled store must not hold the move: past MoveTimeout it is
	// answered "unavailable" and the client resends it.
	ctx, cancel := context.WithTimeout(c.ctx, h.cfg.MoveTimeout)
	defer cancel()
	res, err := h.cfg.Store.Append(ctx, match.Append{
		Race: race, Racer: player, Seq: seq, Epoch: s.epoch, Action: action, Win: p.Win,
		Channel: lr.channel, Event: evb,
	})
	if err != nil {
		h.met.moves.WithLabelValues("refused").Inc()
		if !storeRefused(err) {
			// The store may have taken the move without this node
			// learning it, and the node drops its own move events: only a
			// reload can tell.
			lr.lost.Store(true)
		}
		var se *match.SeqError
		switch {
		case errors.As(err, &se) && se.Next > seq:
			// Stored already (by an earlier connection); this node had not
			// heard. Catch up and acknowledge the resend.
			lctx, lcancel := context.WithTimeout(c.ctx, h.cfg.MoveTimeout)
			lerr := lr.reload(lctx)
			lcancel()
			if lerr == nil {
				c.sendDupAck(lr, player)
				return
			}
		case errors.Is(err, match.ErrStaleEpoch):
			c.sendErr(err, race, seq)
			c.closeAfterFlush(wire.CloseSessionReplaced, "session replaced")
			return
		}
		c.sendErr(err, race, seq)
		return
	}
	lr.applyLocal(c, p, res.At, res.Again)
	if res.Again {
		// A resend of a move whose first attempt the store took while
		// this node did not learn it (a timeout): acknowledged once, as
		// a duplicate.
		h.met.moves.WithLabelValues("duplicate").Inc()
	} else {
		h.met.moves.WithLabelValues("accepted").Inc()
	}
	h.met.moveDuration.Observe(time.Since(arrived).Seconds())
	if res.Winner || p.Status.Done() {
		lr.kickEnd()
	}
}

// storeRefused reports whether an Append error is the store's refusal,
// after which the log is known to be unchanged.
func storeRefused(err error) bool {
	var se *match.SeqError
	return errors.As(err, &se) || errors.Is(err, match.ErrStaleEpoch) || errors.Is(err, match.ErrFinished) ||
		errors.Is(err, match.ErrNotFound) || errors.Is(err, match.ErrNotRacer)
}

// sendDupAck acknowledges a resent action that was applied already, with
// the racer's current view.
func (c *conn) sendDupAck(lr *liveRace, player string) {
	lr.mu.Lock()
	defer lr.mu.Unlock()
	c.enqueue(lr.ackLocked(player, true))
}

// ackLocked encodes an ack with the racer's current view.
func (lr *liveRace) ackLocked(player string, dup bool) []byte {
	p := lr.progressLocked(player)
	b := wire.AppendAckHead(make([]byte, 0, lr.m.Variant().ViewBytes()), lr.id, p.Seq, p.Status, dup)
	b, _ = lr.m.AppendView(player, b)
	return append(b, '}')
}
