package replay_test

import (
	"testing"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match/replay"
	"github.com/solitaire-race/racer/match/replay/replaytest"
)

func TestRedisStore(t *testing.T) {
	c := redistest.Client(t) // skips without redis-server, fails under CI=true
	replaytest.Suite(t, func(t *testing.T) replay.Store {
		s, err := replay.NewRedisStore(replay.RedisConfig{Client: c})
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
	t.Run("NoExpiry", func(t *testing.T) {
		s, _ := replay.NewRedisStore(replay.RedisConfig{Client: c})
		rp := replaytest.Sample()
		if _, err := s.Save(t.Context(), rp); err != nil {
			t.Fatal(err)
		}
		ttl, err := c.TTL(t.Context(), "racer:replay:{"+rp.Race+"}").Result()
		if err != nil || ttl != -1 {
			t.Errorf("got TTL %v, %v, want -1 (kept for good)", ttl, err)
		}
	})
}
