package hub_test

import (
	"github.com/solitaire-race/racer/hub/wire"
	"slices"
	"testing"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game/games"
)

// TestEveryProfileQueues: welcome offers every profile of the rules, the
// list the HTTP API takes, and two players queued under any of them are
// raced under it.
func TestEveryProfileQueues(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{Dealer: match.RandomDealer{}})
	for _, p := range games.Profiles() {
		t.Run(p, func(t *testing.T) {
			a, wa := s.dial(t, "Ann", client.Options{})
			defer a.Drop()
			b, _ := s.dial(t, "Bob", client.Options{})
			defer b.Drop()
			if !slices.Equal(wa.Profiles, games.Profiles()) {
				t.Errorf("welcome profiles: got %v, want every profile %v", wa.Profiles, games.Profiles())
			}
			if err := a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue, Profile: p}); err != nil {
				t.Fatal(err)
			}
			if _, err := a.WaitType(ctxT(t), wire.TypeQueued); err != nil {
				t.Fatalf("queue %s: %v", p, err)
			}
			if err := b.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue, Profile: p}); err != nil {
				t.Fatal(err)
			}
			ra, rb := bothRace(t, a, b)
			if ra.Race.Profile != p || rb.Race.ID != ra.Race.ID {
				t.Errorf("got races %s/%s under %q, want one race under %q", ra.Race.ID, rb.Race.ID, ra.Race.Profile, p)
			}
		})
	}
}
