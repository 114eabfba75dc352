package leaderboard_test

import (
	"testing"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/scoreboard"
)

func TestRecorder(t *testing.T) {
	at := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	race := func(id string, racers ...string) match.Race {
		r := match.Race{ID: id, Profile: "bvs"}
		for _, p := range racers {
			r.Racers = append(r.Racers, match.Racer{ID: p, Name: "N" + p})
		}
		return r
	}
	result := func(id string, racers ...string) match.Result {
		res := match.Result{Race: id, Reason: match.EndWin, FinishedAt: at}
		for i, p := range racers {
			st := match.StatusStuck
			if i == 0 {
				st = match.StatusWon
			}
			res.Standings = append(res.Standings, match.Standing{Place: i + 1, Player: p, Name: "N" + p, Status: st})
		}
		return res
	}
	tests := []struct {
		name      string
		racers    []string
		rated     bool
		wantRated []string
		wantWin   bool
	}{
		{"two humans", []string{"a", "b"}, true, []string{"a", "b"}, true},
		{"three humans", []string{"a", "b", "c"}, true, []string{"a", "b", "c"}, true},
		{"unrated", []string{"a", "b"}, false, nil, false},
		{"human and bot", []string{"a", "bot:x"}, true, nil, false},
		{"bot wins, two humans rated", []string{"bot:x", "a", "b"}, true, []string{"a", "b"}, false},
		{"alone", []string{"a"}, true, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := leaderboard.NewMemoryStore()
			rec, err := leaderboard.NewRecorder(leaderboard.RecorderConfig{Store: s})
			if err != nil {
				t.Fatal(err)
			}
			ok, err := rec.Record(t.Context(), race("r", tt.racers...), result("r", tt.racers...), tt.rated)
			if err != nil || !ok {
				t.Fatalf("got %v, %v, want applied", ok, err)
			}
			if ok, _ := rec.Record(t.Context(), race("r", tt.racers...), result("r", tt.racers...), tt.rated); ok {
				t.Errorf("got a second Record applied, want not")
			}
			rs, err := s.Ratings(t.Context(), "bvs", tt.racers...)
			if err != nil {
				t.Fatal(err)
			}
			if len(rs) != len(tt.wantRated) {
				t.Errorf("got ratings for %v, want %v", rs, tt.wantRated)
			}
			for _, p := range tt.wantRated {
				if rs[p].Games != len(tt.wantRated)-1 {
					t.Errorf("%s: got %d games, want %d", p, rs[p].Games, len(tt.wantRated)-1)
				}
			}
			n, err := s.Count(t.Context(), leaderboard.Board{Profile: "bvs", Kind: leaderboard.KindWins, Period: leaderboard.Day, At: at})
			if err != nil {
				t.Fatal(err)
			}
			if (n == 1) != tt.wantWin {
				t.Errorf("got %d players on the day's wins board, want a win: %v", n, tt.wantWin)
			}
		})
	}
	s := leaderboard.NewMemoryStore()
	rec, _ := leaderboard.NewRecorder(leaderboard.RecorderConfig{Store: s})
	if _, err := rec.Record(t.Context(), race("r1", "a", "b"), result("r2", "a", "b"), true); err == nil {
		t.Error("got a result of another race recorded, want an error")
	}
	unstored := result("r1", "a", "b")
	unstored.FinishedAt = time.Time{}
	if _, err := rec.Record(t.Context(), race("r1", "a", "b"), unstored, true); err == nil {
		t.Error("got a result without FinishedAt recorded, want an error")
	}
}

// TestRecordRatings: the call that applies a rated race returns every
// human's rating before and after it; a second call returns nothing; an
// unrated race is marked so.
func TestRecordRatings(t *testing.T) {
	at := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	s := leaderboard.NewMemoryStore()
	rec, err := leaderboard.NewRecorder(leaderboard.RecorderConfig{Store: s})
	if err != nil {
		t.Fatal(err)
	}
	play := func(id string, rated bool, players ...string) (scoreboard.Ratings, bool) {
		t.Helper()
		r := match.Race{ID: id, Profile: "bvs"}
		res := match.Result{Race: id, Reason: match.EndWin, FinishedAt: at}
		for i, p := range players {
			r.Racers = append(r.Racers, match.Racer{ID: p, Name: p})
			res.Standings = append(res.Standings, match.Standing{Place: i + 1, Player: p, Name: p, Status: match.StatusStuck})
		}
		got, applied, err := rec.RecordRatings(t.Context(), r, res, rated)
		if err != nil {
			t.Fatal(err)
		}
		return got, applied
	}
	got, applied := play("r1", true, "ann", "bob")
	if !applied || !got.Rated || got.Race != "r1" || got.Profile != "bvs" || len(got.Changes) != 2 {
		t.Fatalf("got %+v applied %v, want two changes of rated race r1", got, applied)
	}
	ann, bob := got.Changes[0], got.Changes[1]
	if ann.Player != "ann" || ann.Before != 1500 || ann.After <= 1500 || bob.After >= 1500 {
		t.Errorf("got %+v and %+v, want ann up from 1500 and bob down", ann, bob)
	}
	if !ann.Provisional || ann.GamesToGo <= 0 || ann.Games != 1 {
		t.Errorf("got %+v, want provisional with games to go after one game", ann)
	}
	stored, _ := s.Ratings(t.Context(), "bvs", "ann")
	if d := stored["ann"].Rating - ann.After; d > 0.05 || d < -0.05 {
		t.Errorf("got after %.1f, stored %.3f", ann.After, stored["ann"].Rating)
	}
	if again, applied := play("r1", true, "ann", "bob"); applied || len(again.Changes) != 0 {
		t.Errorf("second call: got %+v applied %v, want nothing", again, applied)
	}
	got, _ = play("r2", true, "bob", "ann")
	if got.Changes[1].Before != ann.After {
		t.Errorf("second race: ann before %.1f, want %.1f", got.Changes[1].Before, ann.After)
	}
	if got, applied := play("r3", false, "ann", "bob"); !applied || got.Rated || len(got.Changes) != 0 {
		t.Errorf("unrated race: got %+v applied %v, want applied, not rated", got, applied)
	}
}
