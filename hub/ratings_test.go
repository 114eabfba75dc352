package hub_test

import (
	"context"
	"testing"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/scoreboard"
)

// waitRatings waits for c's ratings message of race, counting the
// race_end messages of race before it.
func waitRatings(t *testing.T, c *client.Client, race string) (r wire.RaceRatings, ends int) {
	t.Helper()
	_, err := c.Wait(ctxT(t), func(m client.Message) bool {
		switch m.Type {
		case wire.TypeRaceEnd:
			var e wire.RaceEnd
			if m.Decode(&e) == nil && e.Race == race {
				ends++
			}
		case wire.TypeRatings:
			return m.Decode(&r) == nil && r.Race == race
		}
		return false
	})
	if err != nil {
		t.Fatalf("waiting for the ratings of %s: %v", race, err)
	}
	return r, ends
}

// TestRatingsAtTheEnd: what OnFinish returns reaches every racer and
// spectator after race_end, and whoever watches the ended race later.
// A racer who resigned watches the rest of the race and gets race_end
// once.
func TestRatingsAtTheEnd(t *testing.T) {
	s := newServer(t, hub.Config{OnFinish: func(ctx context.Context, snap match.Snapshot) *scoreboard.Ratings {
		r := &scoreboard.Ratings{Race: snap.Race.ID, Profile: snap.Race.Profile, Rated: true}
		for i, st := range snap.Result.Standings {
			r.Changes = append(r.Changes, scoreboard.RatingChange{Player: st.Player, Before: 1500, After: 1600 - 200*float64(i), Deviation: 290, Games: 1, Provisional: true, GamesToGo: 10})
		}
		return r
	}})
	a, b, wa, wb, race := s.pair(t)
	id := race.Race.ID

	// Bob resigns, then watches the race he can no longer play.
	if _, err := b.Move(ctxT(t), id, "resign"); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Wait(ctxT(t), func(m client.Message) bool {
		var ack wire.Ack
		return m.Type == wire.TypeAck && m.Decode(&ack) == nil && ack.Status == scoreboard.StatusResigned
	}); err != nil {
		t.Fatal(err)
	}
	_ = b.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeWatch, Race: id})
	if _, err := b.WaitType(ctxT(t), wire.TypeWatching); err != nil {
		t.Fatalf("a resigned racer watching: %v", err)
	}
	// Ann still plays: she may not watch.
	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeWatch, Race: id})
	expectError(t, a, wire.CodeCannotWatchOwn)

	play(t, a, id, winningLine(t))
	for _, c := range []struct {
		name string
		c    *client.Client
	}{{"Ann", a}, {"Bob", b}} {
		r, ends := waitRatings(t, c.c, id)
		if ends != 1 {
			t.Errorf("%s got %d race_end before the ratings, want 1", c.name, ends)
		}
		if !r.Rated || r.Profile != race.Race.Profile || len(r.Changes) != 2 ||
			r.Changes[0].Player != wa.Player || r.Changes[0].After != 1600 || r.Changes[1].Player != wb.Player {
			t.Errorf("%s got %+v, want Ann +100 and Bob", c.name, r)
		}
	}

	// A spectator who comes after the end gets them too.
	w, _ := s.dial(t, "Watcher", client.Options{})
	_ = w.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeWatch, Race: id})
	if r, ends := waitRatings(t, w, id); ends != 1 || len(r.Changes) != 2 {
		t.Errorf("late spectator got %+v after %d race_end, want the ratings after one", r, ends)
	}
}
