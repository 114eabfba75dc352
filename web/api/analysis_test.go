package api_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/replay"
)

func TestAnalysis(t *testing.T) {
	backends(t, testAnalysis)
}

func testAnalysis(t *testing.T, f *fixture) {
	ctx := t.Context()
	status, m, _ := f.get(t, "GET", "/api/analysis/nope")
	if status != 404 || m["code"] != "analysis_not_found" {
		t.Errorf("got %d %v for an unknown race, want 404 analysis_not_found", status, m)
	}

	// Nothing while the race runs.
	r := match.Race{ID: "an1", Profile: "bvs", Racers: []match.Racer{{ID: "a", Name: "Ann"}, {ID: "b", Name: "Bob"}}}
	if err := match.DealRace(ctx, match.FixedDealer{Seed: 7}, &r); err != nil {
		t.Fatal(err)
	}
	if _, err := f.races.CreateRace(ctx, r); err != nil {
		t.Fatal(err)
	}
	status, m, _ = f.get(t, "GET", "/api/analysis/an1")
	if status != 409 || m["code"] != "race_not_finished" {
		t.Errorf("got %d %v for a live race, want 409 race_not_finished", status, m)
	}

	// Ended: pending until each racer's analysis is stored.
	rp := replay.Replay{Race: "an1", Profile: "bvs", Seed: 7, Racers: r.Racers, Actions: map[string][]replay.Action{
		"a": {{Seq: 1, Action: "D"}, {Seq: 2, Action: "W-3"}, {Seq: 3, Action: "resign"}},
	}}
	if _, err := f.replays.Save(ctx, rp); err != nil {
		t.Fatal(err)
	}
	k := 2
	ga := replay.GameAnalysis{Verdicts: []string{"won", "won", "lost"}, FirstLost: &k, Line: []string{"D", "D"}}
	if err := f.replays.(replay.AnalysisStore).SaveAnalysis(ctx, "an1", "a", ga); err != nil {
		t.Fatal(err)
	}
	status, m, _ = f.get(t, "GET", "/api/analysis/an1")
	if status != 200 {
		t.Fatalf("got %d %v, want 200", status, m)
	}
	b, _ := json.Marshal(m)
	var got struct {
		Race, Profile string
		Racers        []map[string]any
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	want := []map[string]any{
		{"player": "a", "name": "Ann", "status": "done", "moves": []any{"D", "W-3"},
			"verdicts": []any{"won", "won", "lost"}, "first_lost": 2.0, "line": []any{"D", "D"}},
		{"player": "b", "name": "Bob", "status": "pending", "moves": []any{},
			"verdicts": nil, "first_lost": nil, "line": nil},
	}
	if got.Race != "an1" || got.Profile != "bvs" || !reflect.DeepEqual(got.Racers, want) {
		t.Errorf("got %+v, want race an1, bvs, racers %v", got, want)
	}

	// A daily race's analysis waits for the end of its day.
	dr, err := f.daily.Start(ctx, "bvs", match.Racer{ID: "ann", Name: "ANN"})
	if err != nil {
		t.Fatal(err)
	}
	status, m, _ = f.get(t, "GET", "/api/analysis/"+dr.ID)
	if status != 403 || m["code"] != "daily_secret" {
		t.Errorf("got %d %v for today's daily race, want 403 daily_secret", status, m)
	}
	old := f.daily.RaceID("bvs", "2026-11-29", "ann")
	if _, err := f.replays.Save(ctx, replay.Replay{Race: old, Profile: "bvs", Seed: 9}); err != nil {
		t.Fatal(err)
	}
	if status, m, _ = f.get(t, "GET", "/api/analysis/"+old); status != 200 {
		t.Errorf("got %d %v for yesterday's daily race, want its analysis", status, m)
	}
}
