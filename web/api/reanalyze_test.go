package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/replay"
	"github.com/solitaire-race/racer/web/api"
)

// TestReanalyzeMissing: a game whose analysis is still missing a while
// after its race is asked of Config.Reanalyze when someone looks for it;
// not before that, and not a game analysed already.
func TestReanalyzeMissing(t *testing.T) {
	ctx := t.Context()
	replays := replay.NewMemoryStore()
	end := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	now := end.Add(30 * time.Second)
	var asked [][]string
	h, err := api.New(api.Config{Boards: leaderboard.NewMemoryStore(), Replays: replays, Analyses: replays,
		Clock: func(context.Context) (time.Time, error) { return now, nil }, ReanalyzeAfter: time.Minute,
		Reanalyze: func(client string, rp replay.Replay, players []string) bool {
			if client != "192.0.2.1" {
				t.Errorf("asked for client %q, want the address Client gave", client)
			}
			asked = append(asked, slices.Clone(players))
			return true
		},
		Client: func(*http.Request) string { return "192.0.2.1" }})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	rp := replay.Replay{Race: "ra1", Profile: "bvs", Seed: 7, Racers: []match.Racer{{ID: "a", Name: "Ann"}, {ID: "b", Name: "Bob"}},
		Result: match.Result{Race: "ra1", FinishedAt: end}}
	if _, err := replays.Save(ctx, rp); err != nil {
		t.Fatal(err)
	}
	if err := replays.SaveAnalysis(ctx, "ra1", "a", replay.GameAnalysis{Verdicts: []string{"won"}}); err != nil {
		t.Fatal(err)
	}
	get := func() {
		t.Helper()
		resp, err := srv.Client().Get(srv.URL + "/api/analysis/ra1")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("got %d, want 200", resp.StatusCode)
		}
	}
	get()
	if len(asked) != 0 {
		t.Fatalf("asked %v 30 s after the race, want nothing before a minute", asked)
	}
	now = end.Add(2 * time.Minute)
	get()
	if len(asked) != 1 || !slices.Equal(asked[0], []string{"b"}) {
		t.Fatalf("asked %v two minutes after the race, want Bob's game alone", asked)
	}
}
