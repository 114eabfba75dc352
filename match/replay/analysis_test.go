package replay_test

import (
	"testing"
	"time"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match/replay"
	"github.com/solitaire-race/racer/match/replay/replaytest"
)

func TestMemoryAnalysisStore(t *testing.T) {
	replaytest.AnalysisSuite(t, func(t *testing.T) replay.AnalysisStore { return replay.NewMemoryStore() })
}

func TestRedisAnalysisStore(t *testing.T) {
	c := redistest.Client(t) // skips without redis-server, fails under CI=true
	replaytest.AnalysisSuite(t, func(t *testing.T) replay.AnalysisStore {
		s, err := replay.NewRedisStore(replay.RedisConfig{Client: c})
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
	t.Run("Expiry", func(t *testing.T) {
		s, _ := replay.NewRedisStore(replay.RedisConfig{Client: c, TTL: time.Hour})
		race := replaytest.Sample().Race
		if err := s.SaveAnalysis(t.Context(), race, "a", replay.GameAnalysis{Verdicts: []string{"won"}}); err != nil {
			t.Fatal(err)
		}
		ttl, err := c.TTL(t.Context(), "racer:replay:analysis:{"+race+"}").Result()
		if err != nil || ttl <= 0 || ttl > time.Hour {
			t.Errorf("got TTL %v, %v, want the replays' hour", ttl, err)
		}
	})
}
