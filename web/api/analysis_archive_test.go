package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/replay"
	"github.com/solitaire-race/racer/web/api"
)

// With an archive, a race's analyses reach it whether they end before or
// after the race is archived, and GET /api/analysis answers from it once
// the hot copy has expired.
func TestAnalysisFromArchive(t *testing.T) {
	ctx := t.Context()
	a, err := archive.Open(ctx, filepath.Join(t.TempDir(), "archive.db"), games.All)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	hotNow := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	hot := replay.NewExpiringAnalyses(replay.ExpiringConfig{TTL: time.Hour, Clock: func() time.Time { return hotNow }})
	analyses, err := archive.NewAnalyses(archive.AnalysesConfig{Hot: hot, Archive: a, ArchivedTTL: 5 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	archived := make(chan string, 4)
	ar, err := archive.NewArchiver(archive.ArchiverConfig{Archive: a, Wait: 10 * time.Millisecond,
		OnArchived: func(ctx context.Context, race string, _ bool) {
			if err := analyses.Archived(ctx, race); err != nil {
				t.Error(err)
			}
			archived <- race
		}})
	if err != nil {
		t.Fatal(err)
	}
	races := match.NewMemoryStore(match.MemoryStoreConfig{})
	h, err := api.New(api.Config{Boards: leaderboard.NewMemoryStore(), Replays: ar, Analyses: analyses, Races: races, Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	statuses := func() map[string]string {
		t.Helper()
		res, err := http.Get(srv.URL + "/api/analysis/arcan")
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var body struct {
			Racers []struct{ Player, Status string }
		}
		if err := json.NewDecoder(res.Body).Decode(&body); err != nil || res.StatusCode != 200 {
			t.Fatalf("got %d, %v; want 200 and an analysis", res.StatusCode, err)
		}
		out := map[string]string{}
		for _, x := range body.Racers {
			out[x.Player] = x.Status
		}
		return out
	}

	// Finished, queued for the archive, not written yet: the race store
	// tells the roster; Ann's analysis ends first, in the hot copy.
	r := match.Race{ID: "arcan", Profile: "bvs", Racers: []match.Racer{{ID: "a", Name: "Ann"}, {ID: "b", Name: "Bob"}}}
	if err := match.DealRace(ctx, match.FixedDealer{Seed: 5}, &r); err != nil {
		t.Fatal(err)
	}
	if _, err := races.CreateRace(ctx, r); err != nil {
		t.Fatal(err)
	}
	if _, _, err := races.Finish(ctx, "arcan", match.Result{Race: "arcan", Reason: match.EndAllDone}); err != nil {
		t.Fatal(err)
	}
	ann := replay.GameAnalysis{Verdicts: []string{"won"}}
	if err := analyses.SaveAnalysis(ctx, "arcan", "a", ann); err != nil {
		t.Fatal(err)
	}
	if got := statuses(); got["a"] != "done" || got["b"] != "pending" {
		t.Errorf("before the archive: got %v, want Ann done, Bob pending", got)
	}

	// The replay request queued the race; the archiver writes it and
	// copies Ann's analysis.
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { _ = ar.Run(runCtx); close(done) }()
	defer func() { stop(); <-done }()
	select {
	case <-archived:
	case <-time.After(10 * time.Second):
		t.Fatal("the race was never archived")
	}

	// Bob's analysis ends after the archive: it goes there at once.
	k := 0
	bob := replay.GameAnalysis{Verdicts: []string{"lost"}, FirstLost: &k, Line: []string{}}
	if err := analyses.SaveAnalysis(ctx, "arcan", "b", bob); err != nil {
		t.Fatal(err)
	}

	// The hot copy expires -ArchivedTTL after the archive, well before
	// its hour: both are read from the archive.
	hotNow = hotNow.Add(6 * time.Minute)
	if n := hot.Len(); n != 0 {
		t.Fatalf("the hot copy holds %d races, want none", n)
	}
	if got := statuses(); got["a"] != "done" || got["b"] != "done" {
		t.Errorf("hot copy expired: got %v, want both done, from the archive", got)
	}
	stored, err := a.LoadAnalyses(ctx, "arcan")
	if err != nil || len(stored) != 2 {
		t.Errorf("the archive holds %v, %v; want both analyses", stored, err)
	}
}
