package leaderboard_test

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/leaderboard/leaderboardtest"
)

func TestRedisStore(t *testing.T) {
	c := redistest.Client(t) // skips without redis-server, fails under CI=true
	leaderboardtest.Suite(t, func(t *testing.T) leaderboard.Store {
		s, err := leaderboard.NewRedisStore(leaderboard.RedisConfig{Client: c})
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

func TestRedisStoreKeysExpire(t *testing.T) {
	c := redistest.Client(t)
	s, err := leaderboard.NewRedisStore(leaderboard.RedisConfig{Client: c, Prefix: "exp:"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	at := leaderboardtest.Monday
	profile := leaderboardtest.Profile()
	if _, err := s.Apply(ctx, leaderboard.Update{Profile: profile, Race: "r", At: at, Wins: []string{"a"}}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s.StartDaily(ctx, profile, "2026-11-30", "a"); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		key  string
		want string // expiry time, or "" for none
	}{
		{"exp:{" + profile + "}:board:wins:2026-11-30", "2027-01-09T00:00:00Z"},
		{"exp:{" + profile + "}:board:wins:2026-W49", "2027-03-30T00:00:00Z"},
		{"exp:{" + profile + "}:board:wins:all", ""},
		{"exp:{" + profile + "}:applied:r", ""},
		{"exp:{" + profile + "}:attempt:2026-11-30", "2027-01-09T00:00:00Z"},
	}
	for _, tt := range tests {
		got, err := c.ExpireTime(ctx, tt.key).Result()
		if err != nil {
			t.Fatal(err)
		}
		// EXPIRETIME answers -1 for a key without expiry; go-redis keeps
		// the number as a Duration of nanoseconds.
		ok := got == -1
		if tt.want != "" {
			w, _ := time.Parse(time.RFC3339, tt.want)
			ok = got == time.Duration(w.Unix())*time.Second
		}
		if !ok {
			t.Errorf("%s: got expiry %v, want %v", tt.key, got, tt.want)
		}
	}
}

// TestRedisRecordOnceAcrossNodes has two "nodes" (two clients, two
// stores, two recorders) record the same race at once, several times
// each: exactly one call applies it.
func TestRedisRecordOnceAcrossNodes(t *testing.T) {
	c := redistest.Client(t)
	opt, ok := c.(*redis.Client)
	if !ok {
		t.Skipf("redistest gave a %T, want a *redis.Client to open a second connection pool", c)
	}
	c2 := redis.NewClient(opt.Options())
	t.Cleanup(func() { c2.Close() })
	profile := leaderboardtest.Profile()
	var recs []*leaderboard.Recorder
	for _, cl := range []redis.UniversalClient{c, c2} {
		s, err := leaderboard.NewRedisStore(leaderboard.RedisConfig{Client: cl})
		if err != nil {
			t.Fatal(err)
		}
		rec, err := leaderboard.NewRecorder(leaderboard.RecorderConfig{Store: s})
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
	race := match.Race{ID: "r1", Profile: profile, Racers: []match.Racer{{ID: "a"}, {ID: "b"}, {ID: "c"}}}
	res := match.Result{Race: "r1", Reason: match.EndWin, FinishedAt: leaderboardtest.Monday, Standings: []match.Standing{
		{Place: 1, Player: "a", Status: match.StatusWon}, {Place: 2, Player: "b"}, {Place: 2, Player: "c"},
	}}
	var applied atomic.Int32
	var wg sync.WaitGroup
	for i := range 10 {
		wg.Go(func() {
			ok, err := recs[i%2].Record(t.Context(), race, res, true)
			if err != nil {
				t.Error(err)
			}
			if ok {
				applied.Add(1)
			}
		})
	}
	wg.Wait()
	if n := applied.Load(); n != 1 {
		t.Errorf("got %d calls applied, want 1", n)
	}
	s, _ := leaderboard.NewRedisStore(leaderboard.RedisConfig{Client: c})
	rs, err := s.Ratings(t.Context(), profile, "a", "b", "c")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"a", "b", "c"} {
		if rs[p].Games != 2 {
			t.Errorf("%s: got %d games, want 2", p, rs[p].Games)
		}
	}
	e, err := s.Rank(t.Context(), leaderboard.Board{Profile: profile, Kind: leaderboard.KindWins, Period: leaderboard.All}, "a")
	if err != nil || e.Score != 1 {
		t.Errorf("got %+v, %v, want one win for a", e, err)
	}
}

// TestRedisAppliedMarkerExpires: with AppliedTTL the race's marker
// expires within it (a node sets the hot TTL of its races), and the race
// is still applied once while it lives.
func TestRedisAppliedMarkerExpires(t *testing.T) {
	c := redistest.Client(t)
	s, err := leaderboard.NewRedisStore(leaderboard.RedisConfig{Client: c, Prefix: redistest.Unique("ttl") + ":", AppliedTTL: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	profile := leaderboardtest.Profile()
	u := leaderboard.Update{Profile: profile, Race: "r", At: leaderboardtest.Monday, Wins: []string{"a"}}
	for i, want := range []bool{true, false} {
		if applied, err := s.Apply(ctx, u, nil); err != nil || applied != want {
			t.Fatalf("Apply %d: got %v, %v, want %v", i+1, applied, err, want)
		}
	}
	keys, err := c.Keys(ctx, "*"+profile+"}:applied:r").Result()
	if err != nil || len(keys) != 1 {
		t.Fatalf("got marker keys %v, %v, want one", keys, err)
	}
	ttl, err := c.PTTL(ctx, keys[0]).Result()
	if err != nil || ttl <= 0 || ttl > time.Hour {
		t.Errorf("marker %s: got TTL %v, %v, want within an hour", keys[0], ttl, err)
	}
}
