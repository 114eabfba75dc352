package hub_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"testing"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/storetest"
)

// getRaces answers GET /api/races with query q.
func getRaces(t *testing.T, s *testServer, q string) (int, wire.Races) {
	t.Helper()
	res, err := http.Get(s.srv.URL + "/api/races" + q)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var got wire.Races
	if err := json.NewDecoder(res.Body).Decode(&got); err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, got
}

// GET /api/races lists the newest hub.MaxListedRaces live races in pages
// of at most hub.RacesPage, newest page first, each oldest first; the
// next cursor leads through them all once.
func TestRaceListingIsBounded(t *testing.T) {
	t.Parallel()
	store := match.NewMemoryStore(match.MemoryStoreConfig{})
	s := newServer(t, hub.Config{Store: store})
	ctx := context.Background()
	var ids []string
	for range hub.MaxListedRaces + 5 {
		r, err := store.CreateRace(ctx, storetest.NewRace(t, "a", "b"))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, r.ID)
	}
	listed := map[string]bool{}
	q, pages := "", 0
	for {
		code, got := getRaces(t, s, q)
		if code != http.StatusOK {
			t.Fatalf("page %d: status %d", pages+1, code)
		}
		pages++
		if len(got.Races) > hub.RacesPage || (got.Next != "" && len(got.Races) != hub.RacesPage) {
			t.Fatalf("page %d: got %d races, next %q; want %d with a next", pages, len(got.Races), got.Next, hub.RacesPage)
		}
		for _, r := range got.Races {
			if listed[r.ID] {
				t.Fatalf("race %s listed twice", r.ID)
			}
			listed[r.ID] = true
		}
		if got.Next == "" {
			break
		}
		q = "?before=" + url.QueryEscape(got.Next)
	}
	if want := (hub.MaxListedRaces + hub.RacesPage - 1) / hub.RacesPage; pages != want {
		t.Errorf("got %d pages, want %d", pages, want)
	}
	// The five oldest are left out (races created in the same clock tick
	// may list in either order, so the check is by set).
	for i, id := range ids {
		if listed[id] != (i >= 5) {
			t.Errorf("race %d of %d (%s) listed: %v", i+1, len(ids), id, listed[id])
		}
	}
	if _, got := getRaces(t, s, "?limit=3"); len(got.Races) != 3 || got.Next == "" {
		t.Errorf("limit=3: got %d races, next %q; want 3 and a next", len(got.Races), got.Next)
	}
	for _, q := range []string{"?limit=0", "?limit=17", "?limit=x", "?before=nodot", "?before=%21.x"} {
		if code, _ := getRaces(t, s, q); code != http.StatusBadRequest {
			t.Errorf("%s: got status %d, want 400", q, code)
		}
	}
}

// The races message pages as GET /api/races does: a client that sends
// nothing but the type gets the newest page.
func TestListRacesPages(t *testing.T) {
	t.Parallel()
	store := match.NewMemoryStore(match.MemoryStoreConfig{})
	s := newServer(t, hub.Config{Store: store})
	for range hub.RacesPage + 3 {
		if _, err := store.CreateRace(context.Background(), storetest.NewRace(t, "a", "b")); err != nil {
			t.Fatal(err)
		}
	}
	c, _ := s.dial(t, "Lia", client.Options{})
	list := func(m wire.ClientMessage) wire.Races {
		t.Helper()
		m.Type = wire.TypeListRaces
		if err := c.Send(ctxT(t), m); err != nil {
			t.Fatal(err)
		}
		raw, err := c.WaitType(ctxT(t), wire.TypeRaces)
		if err != nil {
			t.Fatal(err)
		}
		var r wire.Races
		if err := raw.Decode(&r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	first := list(wire.ClientMessage{})
	if len(first.Races) != hub.RacesPage || first.Next == "" {
		t.Fatalf("first page: got %d races, next %q; want %d and a next", len(first.Races), first.Next, hub.RacesPage)
	}
	second := list(wire.ClientMessage{Before: first.Next, Limit: 2})
	if len(second.Races) != 2 || second.Next == "" {
		t.Fatalf("second page: got %d races, next %q; want 2 and a next", len(second.Races), second.Next)
	}
	last := list(wire.ClientMessage{Before: second.Next})
	if len(last.Races) != 1 || last.Next != "" {
		t.Fatalf("last page: got %d races, next %q; want 1 and no next", len(last.Races), last.Next)
	}
	if err := c.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeListRaces, Limit: hub.RacesPage + 1}); err != nil {
		t.Fatal(err)
	}
	expectError(t, c, wire.CodeBadRequest)
}

// A listing says how many people race now: distinct players of the live
// races, bots left out, the same on every page.
func TestRaceListingCountsPlaying(t *testing.T) {
	t.Parallel()
	store := match.NewMemoryStore(match.MemoryStoreConfig{})
	s := newServer(t, hub.Config{Store: store})
	if _, got := getRaces(t, s, ""); got.Playing != 0 {
		t.Errorf("no race: playing %d, want 0", got.Playing)
	}
	for _, racers := range [][]string{{"a", "b"}, {"b", "c"}, {"d", hub.BotIDPrefix + "0a1b2c3d4e5f"}} {
		if _, err := store.CreateRace(context.Background(), storetest.NewRace(t, racers...)); err != nil {
			t.Fatal(err)
		}
	}
	for _, q := range []string{"", "?limit=1"} {
		if _, got := getRaces(t, s, q); got.Playing != 4 {
			t.Errorf("%q: playing %d, want 4 (a, b, c, d; the bot left out)", q, got.Playing)
		}
	}
}
