package leaderboard_test

import (
	"testing"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/leaderboard"
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
