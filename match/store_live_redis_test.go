package match_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/storetest"
)

func TestRedisStoreLiveForIndex(t *testing.T) {
	testLiveForIndex(t, redistest.Client(t))
}

// testLiveForIndex checks what the shared suite cannot see: the player's
// index is a hint. IDs left in it by a lost clean-up (a finished race), a
// race whose keys expired, a race ID never stored and another player's
// race are not listed, and LiveFor drops them; the index outlives the
// races it names and no create shortens it.
func testLiveForIndex(t *testing.T, c redis.UniversalClient) {
	ctx := context.Background()
	const prefix = "livefor:"
	idle := time.Hour
	s := newRedisStore(t, match.RedisStoreConfig{Client: c, Prefix: prefix, IdleTTL: idle})
	ann, bob, cat := storetest.Player(t, "ann"), storetest.Player(t, "bob"), storetest.Player(t, "cat")
	annKey := prefix + "player:{" + ann + "}:races"

	live := mustCreate(t, s, ann, bob)
	finished := mustCreate(t, s, ann, bob)
	expired := mustCreate(t, s, bob, ann)
	others := mustCreate(t, s, bob, cat)
	if _, _, err := s.Finish(ctx, finished.ID, match.Result{Reason: match.EndAllDone}); err != nil {
		t.Fatal(err)
	}
	if err := c.Del(ctx, prefix+"race:{"+expired.ID+"}").Err(); err != nil {
		t.Fatal(err)
	}
	stale := []any{finished.ID, "never-stored", others.ID}
	if err := c.SAdd(ctx, annKey, stale...).Err(); err != nil {
		t.Fatal(err)
	}

	got, err := s.LiveFor(ctx, ann)
	if err != nil {
		t.Fatal(err)
	}
	if g := fmt.Sprint(storetest.IDs(got)); g != fmt.Sprint([]string{live.ID}) {
		t.Errorf("LiveFor = %s, want [%s]", g, live.ID)
	}
	left, err := c.SMembers(ctx, annKey).Result()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(left, []string{live.ID}) {
		t.Errorf("index after LiveFor = %v, want [%s] (stale IDs dropped)", left, live.ID)
	}

	ttl := func() time.Duration {
		t.Helper()
		d, err := c.PTTL(ctx, annKey).Result()
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	long := live.Countdown + live.TimeLimit + idle
	if d := ttl(); d <= long-time.Minute || d > long {
		t.Errorf("index TTL %v, want about %v (idle TTL + countdown + time limit)", d, long)
	}
	short := storetest.NewRace(t, ann, cat)
	short.TimeLimit = time.Minute
	if _, err := s.CreateRace(ctx, short); err != nil {
		t.Fatal(err)
	}
	if d := ttl(); d <= long-time.Minute {
		t.Errorf("index TTL after a race with a shorter time limit: %v, want still about %v", d, long)
	}
}

// A race record that cannot be decoded (a bug, a newer node's format) is
// left out of LiveFor and Live; the player's other races are still listed
// and the call does not fail.
func TestRedisStoreLiveSkipsUnreadableRecord(t *testing.T) {
	ctx := context.Background()
	c := redistest.Client(t)
	const prefix = "livebad:"
	s := newRedisStore(t, match.RedisStoreConfig{Client: c, Prefix: prefix, IdleTTL: time.Hour})
	ann, bob := storetest.Player(t, "ann"), storetest.Player(t, "bob")
	good := mustCreate(t, s, ann, bob)
	bad := mustCreate(t, s, ann, bob)
	if err := c.HSet(ctx, prefix+"race:{"+bad.ID+"}", "race", "{not json").Err(); err != nil {
		t.Fatal(err)
	}
	got, err := s.LiveFor(ctx, ann)
	if err != nil {
		t.Fatalf("LiveFor with one unreadable record: %v", err)
	}
	if g := fmt.Sprint(storetest.IDs(got)); g != fmt.Sprint([]string{good.ID}) {
		t.Errorf("LiveFor = %s, want [%s]", g, good.ID)
	}
	all, err := s.Live(ctx, 0)
	if err != nil {
		t.Fatalf("Live with one unreadable record: %v", err)
	}
	if !slices.Contains(storetest.IDs(all), good.ID) || slices.Contains(storetest.IDs(all), bad.ID) {
		t.Errorf("Live = %v, want %s and not %s", storetest.IDs(all), good.ID, bad.ID)
	}
}

// TestRedisStoreDeadlineIndex checks the index of deadlines that the
// shared suite cannot see: a race with a time limit is in it, scored by
// its deadline, one without is not; Finish takes a race out of it and
// leaves its keys to expire as any finished race's; Overdue drops a race
// whose keys expired.
func TestRedisStoreDeadlineIndex(t *testing.T) {
	ctx := context.Background()
	c := redistest.Client(t)
	const prefix = "deadline:"
	const key = prefix + "races:deadline"
	hot := time.Minute
	s := newRedisStore(t, match.RedisStoreConfig{Client: c, Prefix: prefix, HotTTL: hot})
	ann, bob := storetest.Player(t, "ann"), storetest.Player(t, "bob")
	timed := mustCreate(t, s, ann, bob)
	untimed := storetest.NewRace(t, ann, bob)
	untimed.TimeLimit = 0
	if _, err := s.CreateRace(ctx, untimed); err != nil {
		t.Fatal(err)
	}
	expired := mustCreate(t, s, ann, bob)

	score, err := c.ZScore(ctx, key, timed.ID).Result()
	if err != nil || int64(score) != timed.Deadline().UnixMicro() {
		t.Errorf("deadline score %v, %v; want %d", score, err, timed.Deadline().UnixMicro())
	}
	if err := c.ZScore(ctx, key, untimed.ID).Err(); !errors.Is(err, redis.Nil) {
		t.Errorf("a race without a time limit in the index of deadlines: %v, want redis.Nil", err)
	}

	if _, _, err := s.Finish(ctx, timed.ID, match.Result{Reason: match.EndTimeLimit}); err != nil {
		t.Fatal(err)
	}
	if err := c.ZScore(ctx, key, timed.ID).Err(); !errors.Is(err, redis.Nil) {
		t.Errorf("a finished race in the index of deadlines: %v, want redis.Nil", err)
	}
	if d, err := c.PTTL(ctx, prefix+"race:{"+timed.ID+"}").Result(); err != nil || d <= 0 || d > hot {
		t.Errorf("finished race's hash TTL %v, %v; want at most HotTTL %v", d, err, hot)
	}

	if err := c.Del(ctx, prefix+"race:{"+expired.ID+"}").Err(); err != nil {
		t.Fatal(err)
	}
	ids, err := s.Overdue(ctx, expired.Deadline().Add(time.Hour), 0)
	if err != nil || len(ids) != 0 {
		t.Errorf("Overdue = %v, %v; want none (finished, expired, no time limit)", ids, err)
	}
	if left, err := c.ZRange(ctx, key, 0, -1).Result(); err != nil || len(left) != 0 {
		t.Errorf("index of deadlines after Overdue = %v, %v; want empty (the expired race dropped)", left, err)
	}
}
