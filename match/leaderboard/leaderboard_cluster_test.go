package leaderboard_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/leaderboard/leaderboardtest"
	"github.com/solitaire-race/racer/match/rating"
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
