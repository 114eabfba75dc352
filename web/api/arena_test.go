package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/arena"
	"github.com/solitaire-race/racer/match/game/games"
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

// TestArenaPlayerHistory lists a player's finished arenas on their page:
// from the arena store without an archive; with one, from the archive,
// which also serves an arena's page once the arena store has lost it.
func TestArenaPlayerHistory(t *testing.T) {
	ctx := context.Background()
	now := time.Now().Truncate(time.Millisecond)
	// Joins are refused after the end: each arena is made while the
	// clock is at its start.
	clockAt := now
	st := arena.NewMemory(arena.MemoryConfig{Now: func() time.Time { return clockAt }})
	const ann, bob, cy = "00000000000000aa", "00000000000000bb", "00000000000000cc"
	mk := func(id string, start time.Time, private bool) arena.Arena {
		a := arena.Arena{ID: id, Name: "Arena " + id, Profile: "bvs", Start: start.UTC(), Duration: time.Hour, RaceSize: 2, Rated: true, Private: private}
		if err := st.Create(ctx, a); err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{ann, bob, cy} {
			if err := st.Join(ctx, id, arena.Entrant{ID: p, Name: p}); err != nil {
				t.Fatal(err)
			}
		}
		return a
	}
	var arenas []arena.Arena
	// The private arena ends last of the finished ones.
	for i, id := range []string{"first", "second", "secret", "running"} {
		start := now.Add([]time.Duration{-5 * time.Hour, -3 * time.Hour, -2 * time.Hour, -time.Minute}[i])
		clockAt = start
		arenas = append(arenas, mk(id, start, id == "secret"))
		r := arena.RaceResult{Race: id + "-r1", FinishedAt: start.Add(time.Minute), Outcomes: []arena.Outcome{
			{Player: bob, Place: 1, Cards: 52}, {Player: ann, Place: 2, Cards: 10}}}
		if _, err := st.Record(ctx, id, r, 0); err != nil {
			t.Fatal(err)
		}
	}
	clockAt = now
	type page struct {
		Arenas []playerArenaJSON `json:"arenas"`
	}
	get := func(h http.Handler, path string, want int, v any) {
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
	check := func(name string, got page) {
		t.Helper()
		if len(got.Arenas) != 2 || got.Arenas[0].Arena != "second" || got.Arenas[1].Arena != "first" {
			t.Fatalf("%s: got %+v, want second then first (not the private one, not the running one)", name, got.Arenas)
		}
		if a := got.Arenas[0]; a.Rank != 2 || a.Players != 3 || a.Points != 1 || a.Races != 1 || a.Wins != 0 ||
			a.Name != "Arena second" || a.Profile != "bvs" || !a.End.Equal(arenas[1].End()) {
			t.Errorf("%s: got %+v, want Ann 2nd of 3 with 1 point in 1 race", name, a)
		}
	}

	// No archive: the arena store.
	h, err := New(Config{Boards: leaderboard.NewMemoryStore(), Arenas: st})
	if err != nil {
		t.Fatal(err)
	}
	var p page
	get(h, "/api/players/"+ann, 200, &p)
	check("arena store", p)

	// An archive: what the node archived, even once the store lost it.
	ar, err := archive.Open(ctx, filepath.Join(t.TempDir(), "archive.db"), games.All)
	if err != nil {
		t.Fatal(err)
	}
	defer ar.Close()
	for _, a := range arenas[:3] {
		ps, _ := st.Players(ctx, a.ID)
		if _, err := ar.SaveArena(ctx, a, arena.Standings(ps)); err != nil {
			t.Fatal(err)
		}
	}
	empty := arena.NewMemory(arena.MemoryConfig{Now: func() time.Time { return now }})
	h, err = New(Config{Boards: leaderboard.NewMemoryStore(), Arenas: empty, History: ar})
	if err != nil {
		t.Fatal(err)
	}
	p = page{}
	get(h, "/api/players/"+ann, 200, &p)
	check("archive", p)
	var one arenaPageJSON
	get(h, "/api/arenas/second", 200, &one)
	if !one.Archived || one.Arena.Phase != arena.PhaseFinished || len(one.Standings) != 3 || one.Standings[0].Player != bob ||
		len(one.Podium) != 2 {
		t.Fatalf("archived arena: got %+v, want bob first of 3, a podium of the 2 who raced", one)
	}
	get(h, "/api/arenas/nope", 404, nil)
}

// TestPlayerPageNewestArenaAmongMany: with more arenas kept than one list
// of the store holds, a player's page (no archive) still shows the arena
// they finished last, first.
func TestPlayerPageNewestArenaAmongMany(t *testing.T) {
	ctx := context.Background()
	const annID = "00000000000000a1"
	t0 := time.Now().Add(-24 * time.Hour).Truncate(time.Second)
	now := t0
	st := arena.NewMemory(arena.MemoryConfig{Now: func() time.Time { return now }})
	var ids []string
	for i := range arena.MaxListed + 20 {
		a := arena.Arena{ID: fmt.Sprintf("a%03d", i), Name: "Many", Profile: "bvs", Start: t0.Add(time.Duration(i) * time.Minute),
			Duration: arena.MinDuration, RaceSize: 2}
		if err := st.Create(ctx, a); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, a.ID)
	}
	for _, i := range []int{0, len(ids) - 1} {
		now = t0.Add(time.Duration(i) * time.Minute)
		if err := st.Join(ctx, ids[i], arena.Entrant{ID: annID, Name: "Ann"}); err != nil {
			t.Fatal(err)
		}
	}
	now = t0.Add(20 * time.Hour)
	h, err := New(Config{Boards: leaderboard.NewMemoryStore(), Arenas: st})
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/players/"+annID, nil))
	if rec.Code != 200 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	var page struct {
		Arenas []struct {
			ID string `json:"arena"`
		} `json:"arenas"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &page); err != nil {
		t.Fatal(err)
	}
	if len(page.Arenas) == 0 || page.Arenas[0].ID != ids[len(ids)-1] {
		t.Fatalf("arenas %+v, want %s (the latest of %d kept) first", page.Arenas, ids[len(ids)-1], len(ids))
	}
}
