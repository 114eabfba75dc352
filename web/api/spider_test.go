package api_test

import (
	"testing"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/matchtest"
	"github.com/solitaire-race/racer/match/scoreboard"
)

func TestSpider(t *testing.T) {
	backends(t, testSpider)
}

// testSpider: Spider profiles have their own boards, ratings and daily
// challenges, and a finished Spider race's replay plays back to its win.
func testSpider(t *testing.T, f *fixture) {
	ctx := t.Context()
	rec, err := leaderboard.NewRecorder(leaderboard.RecorderConfig{Store: f.boards})
	if err != nil {
		t.Fatal(err)
	}
	r := match.Race{ID: "sp-rated", Profile: "spider-1", Racers: []match.Racer{{ID: pid("ann"), Name: "ANN"}, {ID: pid("bob"), Name: "BOB"}}}
	res := match.Result{Race: r.ID, Reason: match.EndWin, FinishedAt: now.Add(-10 * time.Minute), Standings: []match.Standing{
		{Place: 1, Player: pid("ann"), Name: "ANN", Status: match.StatusWon, Foundation: 104, Counts: scoreboard.NewCounts(scoreboard.Count{Name: "completed", Value: 8, OmitZero: true})},
		{Place: 2, Player: pid("bob"), Name: "BOB", Status: match.StatusPlaying, Foundation: 13, Counts: scoreboard.NewCounts(scoreboard.Count{Name: "completed", Value: 1, OmitZero: true})},
	}}
	if _, err := rec.Record(ctx, r, res, true); err != nil {
		t.Fatal(err)
	}
	status, m, _ := f.get(t, "GET", "/api/leaderboard/spider-1/wins")
	if got := entries(t, m); status != 200 || len(got) != 1 || got[0] != "1:ann:ANN:1" {
		t.Errorf("spider-1 wins: got %d %v, want ann with 1", status, got)
	}
	if status, m, _ := f.get(t, "GET", "/api/leaderboard/bvs/wins?n=1"); status != 200 || entries(t, m)[0] != "1:ann:ANN:3" {
		t.Errorf("bvs wins changed by a Spider race: %d %v", status, m)
	}
	if status, m, _ := f.get(t, "GET", "/api/rating/spider-1/"+pid("ann")); status != 200 || m["player"] != pid("ann") {
		t.Errorf("spider-1 rating of ann: got %d %v", status, m)
	}
	if _, err := f.daily.Today(ctx, "spider-2"); err != nil { // the API does not wait for it
		t.Fatal(err)
	}
	for _, tt := range []struct {
		path   string
		status int
		code   string
	}{{"/api/daily/spider-2", 200, ""}, {"/api/daily/spider-3", 404, "unknown_profile"}, {"/api/leaderboard/spider-9/wins", 404, "unknown_profile"}} {
		status, m, _ := f.get(t, "GET", tt.path)
		if status != tt.status || (tt.code != "" && m["code"] != tt.code) || (tt.code == "" && m["profile"] != "spider-2") {
			t.Errorf("%s: got %d %v, want %d %s", tt.path, status, m, tt.status, tt.code)
		}
	}

	// A finished Spider race, stored move by move.
	seed, line := matchtest.WinnableSpider(games.All, "spider-1")
	race := match.Race{ID: "sp-replay", Profile: "spider-1", Racers: []match.Racer{{ID: "a", Name: "A"}}}
	if err := match.DealRace(ctx, match.FixedDealer{Seed: seed}, &race); err != nil {
		t.Fatal(err)
	}
	race, err = f.races.CreateRace(ctx, race)
	if err != nil {
		t.Fatal(err)
	}
	epoch, _ := f.races.Join(ctx, race.ID, "a")
	for i, mv := range line {
		if _, err := f.races.Append(ctx, match.Append{Race: race.ID, Racer: "a", Seq: uint64(i + 1), Epoch: epoch, Action: mv.String(), Win: i == len(line)-1}); err != nil {
			t.Fatal(err)
		}
	}
	snap, _ := f.races.Load(ctx, race.ID)
	result, over, err := match.Rank(snap, now, match.Options{Games: games.All})
	if err != nil || !over {
		t.Fatalf("Rank: %v, %v", err, over)
	}
	if _, _, err := f.races.Finish(ctx, race.ID, result); err != nil {
		t.Fatal(err)
	}
	status, m, _ = f.get(t, "GET", "/api/replay/sp-replay")
	if status != 200 || m["profile"] != "spider-1" {
		t.Fatalf("got %d %v, want the Spider replay", status, m)
	}
	rp, err := f.replays.Load(ctx, "sp-replay")
	if err != nil {
		t.Fatal(err)
	}
	played := match.Snapshot{Race: match.Race{ID: rp.Race, Profile: rp.Profile, Seed: rp.Seed, Racers: rp.Racers}, Logs: map[string][]match.Entry{}}
	for _, x := range rp.Actions["a"] {
		played.Logs["a"] = append(played.Logs["a"], match.Entry{Seq: x.Seq, Action: x.Action, At: x.At})
	}
	mm, err := match.Rebuild(played, match.Options{Games: games.All})
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := mm.Progress("a"); p.Status != match.StatusWon || p.Counts.Get("completed") != 8 {
		t.Errorf("replayed %d actions to %+v, want a win", len(rp.Actions["a"]), p)
	}
	if rp.Result.Standings[0].Counts.Get("completed") != 8 {
		t.Errorf("replay's result %+v, want 8 runs", rp.Result)
	}
}
