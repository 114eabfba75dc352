package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/results"
)

// TestDealerFillsRedis runs the dealer on a real Redis: the seeds it
// pushes are proven winnable, and /metrics tells the pool's depth.
func TestDealerFillsRedis(t *testing.T) {
	c := redistest.Client(t)
	opt := c.(*redis.Client).Options()
	url := fmt.Sprintf("redis://%s/%d", opt.Addr, opt.DB)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-redis", url, "-metrics-addr", "127.0.0.1:0", "-profiles", "bvs", "-pool-size", "2", "-log-level", "warn"}, outW, io.Discard)
		outW.Close()
	}()
	line, err := bufio.NewReader(outR).ReadString('\n')
	if err != nil {
		t.Fatalf("dealer's first line: %v", err)
	}
	go io.Copy(io.Discard, outR)
	addr := strings.TrimSpace(strings.TrimPrefix(line, "dealer metrics on "))

	// BLPOP waits for the dealer's first seed: no polling.
	kv, err := c.BLPop(ctx, time.Minute, "racer:seeds:{bvs}:ready").Result()
	if err != nil {
		t.Fatalf("BLPOP: %v", err)
	}
	seed, err := strconv.ParseUint(kv[1], 10, 64)
	if err != nil {
		t.Fatalf("seed %q: %v", kv[1], err)
	}
	v, _ := games.Lookup("bvs")
	if ok, err := v.Winnable(ctx, seed, 0, 30*time.Second); err != nil || !ok {
		t.Errorf("seed %d: Winnable = %v %v, want true", seed, ok, err)
	}

	for _, path := range []string{"/metrics", "/readyz", "/healthz"} {
		resp, err := http.Get("http://" + addr + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s: got %d, want 200", path, resp.StatusCode)
		}
		if path == "/metrics" && !strings.Contains(string(body), `racer_dealer_pool_seeds{profile="bvs"}`) {
			t.Errorf("/metrics has no racer_dealer_pool_seeds{profile=\"bvs\"}:\n%s", body)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("run: %v", err)
	}
}

func TestFlags(t *testing.T) {
	t.Setenv("REDIS_URL", "redis://from-env:6379/0")
	t.Setenv("DEALER_POOL_SIZE", "9")
	o, err := parseFlags([]string{"-workers", "3"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if o.redis != "redis://from-env:6379/0" || o.poolSize != 9 || o.workers != 3 {
		t.Errorf("options: got redis %q pool-size %d workers %d, want the env's URL, 9, 3", o.redis, o.poolSize, o.workers)
	}
	t.Setenv("REDIS_URL", "")
	if _, err := parseFlags(nil, io.Discard); err == nil {
		t.Error("no -redis: got no error, want one")
	}
}

// TestDealerClaimsTheDaily: a dealer given the nodes' secret searches
// the day's challenge and claims it; a node that waits for the claim
// deals the same challenge without searching.
func TestDealerClaimsTheDaily(t *testing.T) {
	if testing.Short() {
		t.Skip("searches a daily challenge (seconds of solver)")
	}
	c := redistest.Client(t)
	opt := c.(*redis.Client).Options()
	url := fmt.Sprintf("redis://%s/%d", opt.Addr, opt.DB)
	const secret = "dealer-test-secret-0123456789abcdef"
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-redis", url, "-metrics-addr", "127.0.0.1:0", "-profiles", "bvs", "-pool-size", "1", "-secret", secret, "-log-level", "warn"}, io.Discard, io.Discard)
	}()
	boards, err := leaderboard.NewRedisStore(leaderboard.RedisConfig{Client: c})
	if err != nil {
		t.Fatal(err)
	}
	node, err := results.New(results.Config{
		Games: games.All, Boards: boards, Secret: []byte(secret), DailyAwaitClaim: 2 * time.Minute,
		Clock: func(ctx context.Context) (time.Time, error) { return c.Time(ctx).Result() },
		Checker: func(context.Context, uint64, string) (bool, error) {
			t.Error("the node searched a daily candidate: want the dealer's claim")
			return false, nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	ch, err := node.Daily().Today(ctx, "bvs")
	if err != nil {
		t.Fatal(err)
	}
	try, checked, found, err := boards.DailyTry(ctx, "bvs", ch.Day)
	if err != nil || !found || try != ch.Try || checked != ch.SolverChecked {
		t.Errorf("claim in Redis: got %d %v %v %v, want the node's challenge's try %d, checked %v", try, checked, found, err, ch.Try, ch.SolverChecked)
	}
	if !ch.SolverChecked {
		t.Errorf("daily challenge %+v: want one the dealer's solver proved", ch)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("run: %v", err)
	}
}
