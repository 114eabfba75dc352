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
		// ExpireAnalyses shortens it, and never lengthens it.
		_ = s.ExpireAnalyses(t.Context(), race, time.Minute)
		_ = s.ExpireAnalyses(t.Context(), race, 2*time.Hour)
		ttl, err = c.TTL(t.Context(), "racer:replay:analysis:{"+race+"}").Result()
		if err != nil || ttl <= 0 || ttl > time.Minute {
			t.Errorf("after ExpireAnalyses: got TTL %v, %v, want a minute", ttl, err)
		}
	})
}

func TestExpiringAnalyses(t *testing.T) {
	replaytest.AnalysisSuite(t, func(t *testing.T) replay.AnalysisStore {
		return replay.NewExpiringAnalyses(replay.ExpiringConfig{})
	})
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	s := replay.NewExpiringAnalyses(replay.ExpiringConfig{TTL: time.Hour, MaxRaces: 3, Clock: func() time.Time { return now }})
	a := replay.GameAnalysis{Verdicts: []string{"won"}}
	has := func(race string) bool {
		t.Helper()
		got, err := s.LoadAnalyses(t.Context(), race)
		if err != nil {
			t.Fatal(err)
		}
		return len(got) > 0
	}
	for _, race := range []string{"r1", "r2"} {
		if err := s.SaveAnalysis(t.Context(), race, "a", a); err != nil {
			t.Fatal(err)
		}
	}
	now = now.Add(30 * time.Minute)
	_ = s.SaveAnalysis(t.Context(), "r1", "b", a) // r1 lives on
	now = now.Add(31 * time.Minute)
	if !has("r1") || has("r2") {
		t.Errorf("an hour after r2's save: got r1 %v, r2 %v; want r1 only", has("r1"), has("r2"))
	}
	// Past MaxRaces, the race saved least recently goes first.
	for _, race := range []string{"r3", "r4", "r5"} {
		_ = s.SaveAnalysis(t.Context(), race, "a", a)
	}
	if has("r1") || !has("r3") || !has("r5") || s.Len() != 3 {
		t.Errorf("got r1 %v, r3 %v, r5 %v, %d races; want r3 to r5", has("r1"), has("r3"), has("r5"), s.Len())
	}
	// ExpireAnalyses shortens a race's time, never lengthens it.
	_ = s.ExpireAnalyses(t.Context(), "r4", 5*time.Minute)
	_ = s.ExpireAnalyses(t.Context(), "r5", 2*time.Hour)
	now = now.Add(6 * time.Minute)
	if has("r4") || !has("r5") {
		t.Errorf("after ExpireAnalyses: got r4 %v, r5 %v; want r5 only", has("r4"), has("r5"))
	}
	now = now.Add(55 * time.Minute)
	if has("r5") || s.Len() != 0 {
		t.Errorf("an hour on: got r5 %v, %d races; want none", has("r5"), s.Len())
	}
}
