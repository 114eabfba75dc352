package hub_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/storetest"
)

// GET /api/races lists the newest hub.MaxListedRaces live races, oldest
// first, however many are live.
func TestRaceListingIsBounded(t *testing.T) {
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
	res, err := http.Get(s.srv.URL + "/api/races")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var got wire.Races
	if err := json.NewDecoder(res.Body).Decode(&got); err != nil {
		t.Fatal(err)
	}
	if len(got.Races) != hub.MaxListedRaces {
		t.Fatalf("listed %d races, want %d", len(got.Races), hub.MaxListedRaces)
	}
	// The five oldest are left out (races created in the same clock tick
	// may list in either order, so the check is by set).
	listed := map[string]bool{}
	for _, r := range got.Races {
		listed[r.ID] = true
	}
	for i, id := range ids {
		if listed[id] != (i >= 5) {
			t.Errorf("race %d of %d (%s) listed: %v", i+1, len(ids), id, listed[id])
		}
	}
}
