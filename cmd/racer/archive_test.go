package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/archive/archivetest"
)

func TestArchiveURL(t *testing.T) {
	for _, tc := range []struct {
		archive, redis, want string
	}{
		{"", "", archive.DefaultPath()},
		{"off", "", ""},
		{"", "redis://x", ""},
		{"off", "redis://x", ""},
		{"postgres://db/racer", "redis://x", "postgres://db/racer"},
		{"/var/lib/racer/a.db", "", "/var/lib/racer/a.db"},
	} {
		if got := archiveURL(options{archive: tc.archive, redis: tc.redis}); got != tc.want {
			t.Errorf("archive %q, redis %q: got %q, want %q", tc.archive, tc.redis, got, tc.want)
		}
	}
}

// A single node on its defaults keeps its replays in the SQLite file
// under XDG_DATA_HOME: restarted, it serves the replay of a race that
// finished before, byte for byte.
func TestRestartKeepsReplays(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	seed, line := winLine()
	args := []string{"-seed", itoa(seed), "-countdown", "1ns", "-rate", "10000", "-burst", "10000"}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	stop, base := startStoppableNode(t, args...)
	a, wa := dialNode(t, ctx, base, "Ann")
	b, _ := dialNode(t, ctx, base, "Bob")
	_, end := raceToWin(t, ctx, a, b, line)
	checkResults(t, base, end.Race, wa.Player, len(line))
	_, before := get(t, base+"api/replay/"+end.Race)
	analysed := waitAnalysed(t, ctx, base, end.Race)
	a.Drop()
	b.Drop()
	stop()
	if _, err := os.Stat(filepath.Join(os.Getenv("XDG_DATA_HOME"), "racer", "archive.db")); err != nil {
		t.Fatalf("got %v, want the archive at the documented default", err)
	}

	_, base = startStoppableNode(t, args...)
	code, after := get(t, base+"api/replay/"+end.Race)
	if code != 200 || after != before {
		t.Errorf("after a restart: got %d\n%s\nwant 200 and the replay served before\n%s", code, after, before)
	}
	// The analyses too, from the archive: the node's memory lost them.
	if code, after := get(t, base+"api/analysis/"+end.Race); code != 200 || after != analysed {
		t.Errorf("after a restart: got %d\n%s\nwant 200 and the analysis served before\n%s", code, after, analysed)
	}
}

// waitAnalysed waits until GET /api/analysis/{race} of the node at base
// has every racer's analysis done, and returns that answer.
func waitAnalysed(t *testing.T, ctx context.Context, base, race string) string {
	t.Helper()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		code, body := get(t, base+"api/analysis/"+race)
		if code == 200 && !strings.Contains(body, `"pending"`) {
			return body
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			t.Fatalf("the race's analysis stayed %d %s", code, body)
		}
	}
}

// Two nodes on one Redis archive into one PostgreSQL: a finished race is
// archived once, its replay is no longer kept in Redis, its hot keys
// expire within -archived-ttl, and both nodes serve its replay.
func TestArchiveOnRedis(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{}) // skips without redis-server, fails under CI=true
	pg := archivetest.PostgresURL(t)               // skips without PostgreSQL, fails under CI=true
	seed, line := winLine()
	args := []string{"-redis", "redis://" + srv.Addr + "/0", "-secret", "archive-secret-0123456789",
		"-seed", itoa(seed), "-countdown", "1ns", "-rate", "10000", "-burst", "10000",
		"-archive", pg, "-archived-ttl", "2m"}
	n1, n2 := startNode(t, args...), startNode(t, args...)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	a, wa := dialNode(t, ctx, n1, "Ann")
	b, _ := dialNode(t, ctx, n2, "Bob")
	_, end := raceToWin(t, ctx, a, b, line)

	arc, err := archive.Open(ctx, pg)
	if err != nil {
		t.Fatal(err)
	}
	defer arc.Close()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		if _, err := arc.Load(ctx, end.Race); err == nil {
			break
		} else if !errors.Is(err, archive.ErrNotFound) {
			t.Fatal(err)
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			t.Fatal("the race was never archived")
		}
	}
	var n int
	if err := arc.DB().QueryRowContext(ctx, "SELECT COUNT(*) FROM archive_races WHERE id = $1", end.Race).Scan(&n); err != nil || n != 1 {
		t.Errorf("got %d rows, %v, want the race archived once", n, err)
	}
	rdb := srv.Client(t)
	keys, err := rdb.Keys(ctx, "racer:replay:*").Result()
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		// The analyses of the race's games stay in Redis, for -hot-ttl.
		if !strings.HasPrefix(k, "racer:replay:analysis:") {
			t.Errorf("replay key %s in Redis, want none but analyses", k)
		} else if ttl, err := rdb.PTTL(ctx, k).Result(); err != nil || ttl <= 0 {
			t.Errorf("analysis key %s: TTL %v, %v; want one (-hot-ttl)", k, ttl, err)
		}
	}
	// The hot keys are shortened right after the race leaves the outbox.
	for {
		ttl, err := rdb.PTTL(ctx, "racer:race:{"+end.Race+"}:result").Result()
		if err != nil {
			t.Fatal(err)
		}
		if ttl > 0 && ttl <= 2*time.Minute {
			break
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			t.Fatalf("the result's TTL stayed %v, want at most -archived-ttl (2m)", ttl)
		}
	}
	if n, err := rdb.XLen(ctx, "racer:{archive}:outbox").Result(); err != nil || n != 0 {
		t.Errorf("got %d entries, %v in the outbox, want none", n, err)
	}
	checkResults(t, n1, end.Race, wa.Player, len(line))
	checkResults(t, n2, end.Race, wa.Player, len(line))
	// Both racers' analyses reach the archive.
	waitAnalysed(t, ctx, n2, end.Race)
	for {
		got, err := arc.LoadAnalyses(ctx, end.Race)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) == 2 {
			break
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			t.Fatalf("the archive holds %d analyses, want both racers'", len(got))
		}
	}
	// Their copy in Redis lives -archived-ttl from then, like the race's.
	for {
		ttl, err := rdb.PTTL(ctx, "racer:replay:analysis:{"+end.Race+"}").Result()
		if err != nil {
			t.Fatal(err)
		}
		if ttl > 0 && ttl <= 2*time.Minute {
			break
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			t.Fatalf("the analyses' TTL stayed %v, want at most -archived-ttl (2m)", ttl)
		}
	}
}
