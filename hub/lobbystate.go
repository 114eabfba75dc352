package hub

import "time"

// lobbyState is a connection's place in the lobby: its wait in a
// quick-race queue (the queues themselves are the Lobby's, the waits of
// the node's connections the matchmaker's), the bot offered to a lone
// player, and its room. c.mu guards every field. Its methods live here
// and in pairing.go (queues and rooms), rematch.go, bots.go and
// queue_renew.go (a wait the lobby lost).
type lobbyState struct {
	c *conn

	queued   string
	queuedAt time.Time   // when queued was set
	starts   uint64      // race start events received
	botTimer *time.Timer // offers a bot to the queued player
	botLevel string      // the level of that bot the player asked for ("": the node's)
	room     string
	roomSub  func()
}

// started handles the start of a race the player was dealt into: the
// connection leaves its queue (a queue message crossing this stays
// unqueued: c.starts) and joins the race.
func (lb *lobbyState) started(race string) {
	c := lb.c
	lb.leaveQueueForStart()
	go c.rc.attachRacer(race, false)
}

// startEvent handles a start event on player's channel, which every
// connection of the player hears: each leaves its queue, and the newest
// on this node takes the seat. An older connection (a tab left open, a
// page the browser has not closed yet) joining too would fence it out.
func (lb *lobbyState) startEvent(player, race string) {
	c := lb.c
	lb.leaveQueueForStart()
	if c.h.players.newest(player, c) {
		go c.rc.attachRacer(race, false)
	}
}

func (lb *lobbyState) leaveQueueForStart() {
	c := lb.c
	c.mu.Lock()
	lb.starts++
	c.mu.Unlock()
	lb.clearQueued("", true)
}

// setQueuedUnlessStarted records that the connection waits in profile's
// queue, unless a race's start event has reached it since c.starts was
// starts (then the player is not waiting: it returns false).
func (lb *lobbyState) setQueuedUnlessStarted(profile string, starts uint64) bool {
	c := lb.c
	c.mu.Lock()
	if lb.starts != starts {
		c.mu.Unlock()
		return false
	}
	lb.queued, lb.queuedAt = profile, time.Now()
	c.h.mm.addQueued(c, queuedEntry{profile: profile, player: c.id.Player})
	c.mu.Unlock()
	c.h.met.queueLength.WithLabelValues(profileOf(profile)).Inc()
	return true
}

// clearQueued takes the connection out of its queue, if it is in one and
// (when only is not empty) the queue is only; paired says it left because
// a race was made for it. It returns the queue it left.
func (lb *lobbyState) clearQueued(only string, paired bool) string {
	c := lb.c
	c.mu.Lock()
	profile, at := lb.queued, lb.queuedAt
	if profile == "" || (only != "" && profile != only) {
		c.mu.Unlock()
		return ""
	}
	lb.queued = ""
	c.h.mm.removeQueued(c)
	c.mu.Unlock()
	c.h.met.queueLength.WithLabelValues(profileOf(profile)).Dec()
	if paired {
		c.h.met.queueWait.WithLabelValues(profileOf(profile)).Observe(time.Since(at).Seconds())
	}
	return profile
}
