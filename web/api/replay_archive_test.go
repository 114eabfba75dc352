package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/replay/replaytest"
	"github.com/solitaire-race/racer/web/api"
)

// With an archive (an Archiver as the replay store, on an SQLite file),
// the replay API reads the archive first, byte for byte, and falls back
// to the race store for a race not archived yet, which it then queues.
func TestReplayFromArchive(t *testing.T) {
	ctx := t.Context()
	a, err := archive.Open(ctx, filepath.Join(t.TempDir(), "archive.db"), games.All)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	archived := make(chan string, 4)
	ar, err := archive.NewArchiver(archive.ArchiverConfig{Archive: a, Wait: 10 * time.Millisecond,
		OnArchived: func(_ context.Context, race string, _ bool) { archived <- race }})
	if err != nil {
		t.Fatal(err)
	}
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { _ = ar.Run(runCtx); close(done) }()
	defer func() { stop(); <-done }()

	races := match.NewMemoryStore(match.MemoryStoreConfig{})
	h, err := api.New(api.Config{Boards: leaderboard.NewMemoryStore(), Replays: ar, Races: races, Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	get := func(race string) (int, []byte) {
		t.Helper()
		res, err := http.Get(srv.URL + "/api/replay/" + race)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, bytes.TrimSpace(b)
	}

	// Only in the archive (its hot state long gone): served from there.
	rp := replaytest.Sample()
	if _, err := a.Save(ctx, rp); err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(rp)
	if code, body := get(rp.Race); code != 200 || !bytes.Equal(body, want) {
		t.Errorf("got %d %s, want 200 and the archived replay\n%s", code, body, want)
	}

	// Finished, not archived: rebuilt from the race store, then queued
	// and archived; the archive's copy is what is served from then on.
	r := match.Race{ID: "arc1", Profile: "bvs", Racers: []match.Racer{{ID: "a", Name: "A"}}}
	if err := match.DealRace(ctx, match.FixedDealer{Seed: 5}, &r); err != nil {
		t.Fatal(err)
	}
	if _, err := races.CreateRace(ctx, r); err != nil {
		t.Fatal(err)
	}
	if _, _, err := races.Finish(ctx, "arc1", match.Result{Race: "arc1", Reason: match.EndAllDone}); err != nil {
		t.Fatal(err)
	}
	code, hot := get("arc1")
	if code != 200 {
		t.Fatalf("got %d %s, want the replay from the race store", code, hot)
	}
	select {
	case got := <-archived:
		if got != "arc1" {
			t.Fatalf("got %s archived, want arc1", got)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the rebuilt replay was never archived")
	}
	if code, body := get("arc1"); code != 200 || !bytes.Equal(body, hot) {
		t.Errorf("got %d %s from the archive, want the replay the race store gave\n%s", code, body, hot)
	}

	// In both: the archive's copy wins (marked here to tell them apart).
	r.ID = "arc2"
	if _, err := races.CreateRace(ctx, r); err != nil {
		t.Fatal(err)
	}
	if _, _, err := races.Finish(ctx, "arc2", match.Result{Race: "arc2", Reason: match.EndAllDone}); err != nil {
		t.Fatal(err)
	}
	marked := rp
	marked.Race, marked.Result.Race, marked.Room = "arc2", "arc2", "FROM-ARCHIVE"
	if _, err := a.Save(ctx, marked); err != nil {
		t.Fatal(err)
	}
	if _, body := get("arc2"); !bytes.Contains(body, []byte(`"room":"FROM-ARCHIVE"`)) {
		t.Errorf("got %s, want the archive's copy", body)
	}
}
