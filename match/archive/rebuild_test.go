package archive_test

import (
	"testing"
	"time"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/replay/replaytest"
)

// Rated races reach the archive through an Archiver with their rating
// changes (SaveRated); empty boards are rebuilt from the archive to the
// ratings, rating and wins boards and daily board the races left, and a
// second rebuild changes nothing.
func TestRebuild(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	a := openSQLite(t)
	ar, done := runArchiver(t, a, archive.NewMemoryQueue(archive.MemoryQueueConfig{}), nil)
	live := leaderboard.NewMemoryStore()
	rec, err := leaderboard.NewRecorder(leaderboard.RecorderConfig{Store: live})
	if err != nil {
		t.Fatal(err)
	}
	ann, bob := "00000000000000aa", "00000000000000bb"
	today := time.Now().UTC().Truncate(time.Hour)
	for i := range 12 {
		rp := replaytest.Sample()
		rp.Result.FinishedAt = today.Add(-time.Duration(12-i) * time.Minute)
		rp.Racers = []match.Racer{{ID: ann, Name: "Ann"}, {ID: bob, Name: "Bob"}}
		winner, loser := ann, bob
		if i%3 == 2 {
			winner, loser = bob, ann
		}
		rp.Result.Standings = []match.Standing{
			{Place: 1, Player: winner, Name: "W", Status: match.StatusWon, Foundation: 52},
			{Place: 2, Player: loser, Name: "L", Status: match.StatusStuck, Foundation: 3},
		}
		race := match.Race{ID: rp.Race, Profile: rp.Profile, Racers: rp.Racers}
		changes, applied, err := rec.RecordChanges(ctx, race, rp.Result, true)
		if err != nil || !applied || len(changes) != 2 {
			t.Fatalf("got %v, %v, %v, want 2 changes applied", changes, applied, err)
		}
		if _, err := ar.SaveRated(ctx, rp, changes); err != nil {
			t.Fatal(err)
		}
		wait(t, done)
	}
	// A daily challenge won today.
	drp := replaytest.Sample()
	drp.Race = "daily-bvs-" + today.Format(time.DateOnly) + "-0123456789abcdef"
	drp.Result.Race, drp.Result.FinishedAt = drp.Race, today
	drp.Racers = []match.Racer{{ID: ann, Name: "Ann", Account: true}} // a guest's is off the board
	drp.Result.Standings = []match.Standing{{Place: 1, Player: ann, Name: "Ann", Status: match.StatusWon, Foundation: 52,
		ReachedAt: drp.StartAt.Add(95 * time.Second), Actions: 120}}
	if _, err := ar.Save(ctx, drp); err != nil {
		t.Fatal(err)
	}
	wait(t, done)

	want, err := live.Ratings(ctx, "bvs", ann, bob)
	if err != nil {
		t.Fatal(err)
	}
	for name, newBoards := range map[string]func(t *testing.T) leaderboard.Store{
		"memory": func(*testing.T) leaderboard.Store { return leaderboard.NewMemoryStore() },
		"redis": func(t *testing.T) leaderboard.Store {
			s, err := leaderboard.NewRedisStore(leaderboard.RedisConfig{Client: redistest.Client(t), Prefix: archivetestPrefix() + "lb:"})
			if err != nil {
				t.Fatal(err)
			}
			return s
		},
	} {
		t.Run(name, func(t *testing.T) {
			boards := newBoards(t)
			got, err := a.Rebuild(ctx, boards)
			if err != nil || got.Races != 12 || got.Daily != 1 {
				t.Fatalf("got %+v, %v, want 12 races and 1 daily win rebuilt", got, err)
			}
			have, err := boards.Ratings(ctx, "bvs", ann, bob)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range []string{ann, bob} {
				w, h := want[p], have[p]
				if h.Rating != w.Rating || h.Deviation != w.Deviation || h.Games != w.Games || !h.Updated.Equal(w.Updated) {
					t.Errorf("%s: got %+v, want %+v", p, h, w)
				}
			}
			for _, b := range []leaderboard.Board{
				{Profile: "bvs", Kind: leaderboard.KindRating, Period: leaderboard.All},
				{Profile: "bvs", Kind: leaderboard.KindWins, Period: leaderboard.All},
				{Profile: "bvs", Kind: leaderboard.KindWins, Period: leaderboard.Week, At: today},
			} {
				w, _ := live.Top(ctx, b, 10)
				h, err := boards.Top(ctx, b, 10)
				if err != nil || len(h) != len(w) {
					t.Fatalf("%+v: got %+v, %v, want %+v", b, h, err, w)
				}
				for i := range w {
					if h[i].Player != w[i].Player || h[i].Score != w[i].Score {
						t.Errorf("%+v entry %d: got %+v, want %+v", b, i, h[i], w[i])
					}
				}
			}
			d, err := boards.Top(ctx, leaderboard.Board{Profile: "bvs", Kind: leaderboard.KindDaily, Period: leaderboard.Day, At: today}, 10)
			if err != nil || len(d) != 1 || d[0].Player != ann {
				t.Errorf("got daily board %+v, %v, want Ann's win", d, err)
			}
			if first, err := boards.StartDaily(ctx, "bvs", today.Format(time.DateOnly), ann); err != nil || first {
				t.Errorf("got first attempt %v, %v, want Ann's attempt of today taken", first, err)
			}
			if again, err := a.Rebuild(ctx, boards); err != nil || again != (archive.Rebuilt{}) {
				t.Errorf("got %+v, %v rebuilding full boards, want nothing", again, err)
			}
		})
	}
	hist, err := a.RatingHistory(ctx, ann, "bvs", archive.MaxHistory)
	if err != nil || len(hist) != 12 || hist[11].After.Rating != want[ann].Rating {
		t.Errorf("got %d points, %v, want 12 ending at the current rating", len(hist), err)
	}
}
