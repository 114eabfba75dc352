package hub

import (
	"context"
	"slices"
)

// queuedEntry is what Run needs to renew a waiting connection's entry.
type queuedEntry struct {
	profile, player string
}

// addQueued records that c waits in a queue. c.mu is held, so that the
// registry follows c.queued exactly.
func (h *Hub) addQueued(c *conn, e queuedEntry) {
	h.queuedMu.Lock()
	h.queued[c] = e
	h.queuedMu.Unlock()
}

// removeQueued forgets c's wait. c.mu is held.
func (h *Hub) removeQueued(c *conn) {
	h.queuedMu.Lock()
	delete(h.queued, c)
	h.queuedMu.Unlock()
}

// renewQueued renews the lobby entries of the players waiting through this
// node: one Touch per profile. A failure is logged; the next tick tries
// again, and an entry expires only after QueueTTL without any renewal.
func (h *Hub) renewQueued(ctx context.Context) {
	h.queuedMu.Lock()
	byProfile := make(map[string][]string)
	for _, e := range h.queued {
		if !slices.Contains(byProfile[e.profile], e.player) {
			byProfile[e.profile] = append(byProfile[e.profile], e.player)
		}
	}
	h.queuedMu.Unlock()
	for profile, players := range byProfile {
		if err := h.cfg.Lobby.Touch(ctx, profile, players, h.cfg.QueueTTL); err != nil {
			h.log.Warn("renewing queue entries", "profile", profile, "players", len(players), "err", err)
		}
	}
}
