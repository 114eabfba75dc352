package hub

import (
	"testing"

	"github.com/solitaire-race/racer/hub/arenarun"
	"github.com/solitaire-race/racer/hub/transport"
)

// SetSearchHook runs f before each stuck search of the move path, with
// the race and the racer, outside the race's lock, until t ends. Tests
// that set it filter on their own race: other tests' moves call it too.
func SetSearchHook(t testing.TB, f func(race, racer string)) {
	searchHook.Store(&f)
	t.Cleanup(func() { searchHook.Store(nil) })
}

// ArenaChannel is the broker channel of an arena's announcements.
func ArenaChannel(id string) string { return arenarun.Channel(id) }

// TransportOf returns the transport of player's newest connection on h,
// nil if the player has none.
func TransportOf(h *Hub, player string) *transport.Conn {
	h.players.mu.Lock()
	defer h.players.mu.Unlock()
	cs := h.players.by[player]
	if len(cs) == 0 {
		return nil
	}
	return cs[len(cs)-1].tc
}
