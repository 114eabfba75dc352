package match_test

import (
	"testing"
	"time"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match"
)

// Once archived, a finished race's keys expire within the shorter TTL;
// a live race is left alone.
func TestRedisExpireFinished(t *testing.T) {
	c := redistest.Client(t)
	ctx := t.Context()
	s := newRedisStore(t, match.RedisStoreConfig{Client: c, HotTTL: time.Hour})
	live, done := mustCreate(t, s, "a", "b"), mustCreate(t, s, "a", "b")
	if _, _, err := s.Finish(ctx, done.ID, match.Result{Race: done.ID, Reason: match.EndAllDone}); err != nil {
		t.Fatal(err)
	}
	for _, r := range []match.Race{live, done} {
		if err := s.ExpireFinished(ctx, r.ID, time.Minute); err != nil {
			t.Fatal(err)
		}
	}
	key := "racer:race:{" + done.ID + "}"
	for _, k := range []string{key, key + ":result"} {
		if ttl, err := c.PTTL(ctx, k).Result(); err != nil || ttl <= 0 || ttl > time.Minute {
			t.Errorf("%s: got TTL %v, %v, want at most a minute", k, ttl, err)
		}
	}
	if ttl, err := c.PTTL(ctx, "racer:race:{"+live.ID+"}").Result(); err != nil || ttl <= time.Minute {
		t.Errorf("live race: got TTL %v, %v, want its idle TTL, untouched", ttl, err)
	}
	// A longer TTL never lengthens one.
	if err := s.ExpireFinished(ctx, done.ID, 2*time.Hour); err != nil {
		t.Fatal(err)
	}
	if ttl, err := c.PTTL(ctx, key).Result(); err != nil || ttl > time.Minute {
		t.Errorf("got TTL %v, %v after a longer ExpireFinished, want still at most a minute", ttl, err)
	}
	if err := s.ExpireFinished(ctx, "no-such-race", time.Minute); err != nil {
		t.Errorf("got %v for an unknown race, want nil", err)
	}
}
