package api

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match/arena"
	"github.com/solitaire-race/racer/match/leaderboard"
)

func TestArenaAPI(t *testing.T) {
	ctx := context.Background()
	now := time.Now()
	st := arena.NewMemory(arena.MemoryConfig{Now: func() time.Time { return now }})
	mk := func(id string, start time.Time, private bool) arena.Arena {
		a := arena.Arena{ID: id, Name: id, Profile: "bvs", Start: start, Duration: time.Hour, RaceSize: 2, Rated: true, Private: private}
		if err := st.Create(ctx, a); err != nil {
			t.Fatal(err)
		}
		return a
	}
	mk("old", now.Add(-48*time.Hour), false)
	mk("done", now.Add(-2*time.Hour), false)
	run := mk("run", now.Add(-time.Minute), false)
	mk("next", now.Add(time.Hour), false)
	mk("secret", now.Add(-time.Minute), true)
	for _, p := range []string{"ann", "bob"} {
		if err := st.Join(ctx, run.ID, arena.Entrant{ID: p, Name: p}); err != nil {
			t.Fatal(err)
		}
	}
	_, _ = st.Record(ctx, run.ID, arena.RaceResult{Race: "r1", FinishedAt: now, Outcomes: []arena.Outcome{{Player: "bob", Place: 1, Cards: 52}, {Player: "ann", Place: 2}}}, 0)
	h, err := New(Config{Boards: leaderboard.NewMemoryStore(), Arenas: st})
	if err != nil {
		t.Fatal(err)
	}
	get := func(path string, want int, v any) {
		t.Helper()
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != want {
			t.Fatalf("%s: status %d, want %d: %s", path, rec.Code, want, rec.Body)
		}
		if v != nil {
			if err := json.Unmarshal(rec.Body.Bytes(), v); err != nil {
				t.Fatal(err)
			}
		}
	}
	var list struct {
		Arenas []arenaInfoJSON `json:"arenas"`
	}
	get("/api/arenas", 200, &list)
	var got []string
	for _, a := range list.Arenas {
		got = append(got, a.ID+":"+a.Phase)
	}
	want := []string{"done:finished", "run:running", "next:upcoming"}
	if len(got) != len(want) {
		t.Fatalf("listed %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("listed %v, want %v", got, want)
		}
	}
	var one struct {
		Arena     arenaInfoJSON    `json:"arena"`
		Standings []arena.Standing `json:"standings"`
	}
	get("/api/arenas/run", 200, &one)
	if one.Arena.Players != 2 || len(one.Standings) != 2 || one.Standings[0].Player != "bob" || one.Standings[0].Points != 2 {
		t.Fatalf("got %+v", one)
	}
	get("/api/arenas/secret", 200, nil)
	get("/api/arenas/nope", 404, nil)

	none, _ := New(Config{Boards: leaderboard.NewMemoryStore()})
	rec := httptest.NewRecorder()
	none.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/arenas", nil))
	if rec.Code != 404 {
		t.Fatalf("no arenas: status %d, want 404", rec.Code)
	}
}
