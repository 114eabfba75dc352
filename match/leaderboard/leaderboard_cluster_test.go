package leaderboard_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/leaderboard/leaderboardtest"
	"github.com/solitaire-race/racer/match/rating"
	"github.com/solitaire-race/racer/match/replay/replaytest"
)

// TestRedisClusterStore runs the shared suite on a Redis Cluster of three
// masters: every operation keeps its keys in its profile's slot.
func TestRedisClusterStore(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips the leaderboard suite on a Redis Cluster; CI runs it (go test without -short)")
	}
	c := redistest.Cluster(t)
	leaderboardtest.Suite(t, func(t *testing.T) leaderboard.Store {
		s, err := leaderboard.NewRedisStore(leaderboard.RedisConfig{Client: c})
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

// execCalls returns how many transactions (EXEC) c has run.
func execCalls(t *testing.T, c *redis.Client) int {
	t.Helper()
	info, err := c.Info(context.Background(), "commandstats").Result()
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.SplitSeq(info, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "cmdstat_exec:calls="); ok {
			n, _ := strconv.Atoi(strings.SplitN(rest, ",", 2)[0])
			return n
		}
	}
	return 0
}

// TestRedisClusterProfilesSpread: on a Cluster of three masters, the
// rating updates of three profiles whose tags hash to different masters
// run on three masters, each profile's on its own only, and each
// profile's board reads back what its races wrote.
func TestRedisClusterProfilesSpread(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips the leaderboard on a Redis Cluster; CI runs it (go test without -short)")
	}
	ctx := context.Background()
	tc := redistest.StartCluster(t, 3)
	c := tc.Client(t)
	s, err := leaderboard.NewRedisStore(leaderboard.RedisConfig{Client: c})
	if err != nil {
		t.Fatal(err)
	}
	byMaster := map[string]string{} // master → a profile whose keys it holds
	for len(byMaster) < len(tc.Addrs) {
		p := leaderboardtest.Profile()
		node, err := c.MasterForKey(ctx, "racer:lb:{"+p+"}:rating:x")
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := byMaster[node.Options().Addr]; !ok {
			byMaster[node.Options().Addr] = p
		}
	}
	at := leaderboardtest.Monday
	for owner, profile := range byMaster {
		before := map[string]int{}
		for _, a := range tc.Addrs {
			before[a] = execCalls(t, tc.Master(t, a))
		}
		const races = 5
		for i := range races {
			u := leaderboard.Update{Profile: profile, Race: fmt.Sprintf("r%d", i), At: at,
				Rated: []string{"ann", "bob"}, Wins: []string{"ann"}, Names: map[string]string{"ann": "Ann", "bob": "Bob"}}
			rate := func(cur map[string]rating.Rating) map[string]rating.Rating {
				return rating.Config{}.Race(cur, []rating.Placing{{Player: "ann", Place: 1}, {Player: "bob", Place: 2}}, at.Add(time.Duration(i)*time.Minute))
			}
			if ok, err := s.Apply(ctx, u, rate); err != nil || !ok {
				t.Fatalf("Apply %s: %v, %v", u.Race, ok, err)
			}
		}
		for _, a := range tc.Addrs {
			want := 0
			if a == owner {
				want = races
			}
			if got := execCalls(t, tc.Master(t, a)) - before[a]; got != want {
				t.Errorf("profile %s (slot of %s): master %s ran %d transactions, want %d", profile, owner, a, got, want)
			}
		}
		top, err := s.Top(ctx, leaderboard.Board{Profile: profile, Kind: leaderboard.KindWins, Period: leaderboard.All}, 10)
		if err != nil || len(top) != 1 || top[0].Player != "ann" || top[0].Score != races || top[0].Name != "Ann" {
			t.Errorf("profile %s wins board: got %+v, %v; want ann with %d wins", profile, top, err, races)
		}
	}
}

// TestRedisClusterRebuild: rated races archived in SQLite rebuild a
// Redis Cluster's empty boards to the ratings and boards the races left
// in a live store, and a second rebuild changes nothing.
func TestRedisClusterRebuild(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips the rebuild from the archive into a Redis Cluster; CI runs it (go test without -short)")
	}
	ctx := t.Context()
	a, err := archive.Open(ctx, filepath.Join(t.TempDir(), "archive.db"), games.All)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close() })
	archived := make(chan string, 16)
	ar, err := archive.NewArchiver(archive.ArchiverConfig{Archive: a, Queue: archive.NewMemoryQueue(archive.MemoryQueueConfig{}),
		Wait: 20 * time.Millisecond, OnArchived: func(_ context.Context, race string, _ bool) { archived <- race }})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { _ = ar.Run(ctx); close(done) }()
	t.Cleanup(func() { <-done })

	live := leaderboard.NewMemoryStore()
	rec, err := leaderboard.NewRecorder(leaderboard.RecorderConfig{Store: live})
	if err != nil {
		t.Fatal(err)
	}
	ann, bob := "00000000000000aa", "00000000000000bb"
	end := time.Now().UTC().Truncate(time.Hour)
	profile := ""
	for i := range 6 {
		rp := replaytest.Sample()
		profile = rp.Profile
		rp.Result.FinishedAt = end.Add(-time.Duration(6-i) * time.Minute)
		rp.Racers = []match.Racer{{ID: ann, Name: "Ann"}, {ID: bob, Name: "Bob"}}
		winner, loser := ann, bob
		if i%3 == 2 {
			winner, loser = bob, ann
		}
		rp.Result.Standings = []match.Standing{
			{Place: 1, Player: winner, Name: "W", Status: match.StatusWon, Foundation: 52},
			{Place: 2, Player: loser, Name: "L", Status: match.StatusStuck, Foundation: 3},
		}
		changes, applied, err := rec.RecordChanges(ctx, match.Race{ID: rp.Race, Profile: rp.Profile, Racers: rp.Racers}, rp.Result, true)
		if err != nil || !applied {
			t.Fatalf("RecordChanges: %v, %v", applied, err)
		}
		if _, err := ar.SaveRated(ctx, rp, changes); err != nil {
			t.Fatal(err)
		}
		select {
		case <-archived:
		case <-time.After(20 * time.Second):
			t.Fatal("race not archived within 20 s")
		}
	}

	boards, err := leaderboard.NewRedisStore(leaderboard.RedisConfig{Client: redistest.Cluster(t)})
	if err != nil {
		t.Fatal(err)
	}
	got, err := a.Rebuild(ctx, boards)
	if err != nil || got.Races != 6 {
		t.Fatalf("Rebuild: got %+v, %v, want 6 races", got, err)
	}
	want, err := live.Ratings(ctx, profile, ann, bob)
	if err != nil {
		t.Fatal(err)
	}
	have, err := boards.Ratings(ctx, profile, ann, bob)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{ann, bob} {
		if w, h := want[p], have[p]; h.Rating != w.Rating || h.Games != w.Games {
			t.Errorf("%s: got %+v, want %+v", p, h, w)
		}
	}
	b := leaderboard.Board{Profile: profile, Kind: leaderboard.KindWins, Period: leaderboard.All}
	w, _ := live.Top(ctx, b, 10)
	h, err := boards.Top(ctx, b, 10)
	if err != nil || len(h) != len(w) || len(w) != 2 || h[0].Player != w[0].Player || h[0].Score != w[0].Score {
		t.Errorf("wins board: got %+v, %v, want %+v", h, err, w)
	}
	if again, err := a.Rebuild(ctx, boards); err != nil || again != (archive.Rebuilt{}) {
		t.Errorf("second Rebuild: got %+v, %v, want nothing", again, err)
	}
}
