package leaderboard_test

import (
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/leaderboard/leaderboardtest"
)

// benchRecord records two-player races in parallel; with shared, every
// race has the same first player, so their transactions contend.
func benchRecord(b *testing.B, s leaderboard.Store, shared bool) {
	rec, err := leaderboard.NewRecorder(leaderboard.RecorderConfig{Store: s})
	if err != nil {
		b.Fatal(err)
	}
	profile := leaderboardtest.Profile()
	var n atomic.Int64
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := n.Add(1)
			a := fmt.Sprint("a", i)
			if shared {
				a = "hot"
			}
			id := fmt.Sprint("r", i)
			race := match.Race{ID: id, Profile: profile}
			res := match.Result{Race: id, FinishedAt: time.Unix(1.8e9, 0), Standings: []match.Standing{
				{Place: 1, Player: a, Status: match.StatusWon}, {Place: 2, Player: fmt.Sprint("b", i)},
			}}
			if _, err := rec.Record(b.Context(), race, res, true); err != nil {
				b.Error(err)
			}
		}
	})
}

func BenchmarkRecord(b *testing.B) {
	b.Run("memory", func(b *testing.B) { benchRecord(b, leaderboard.NewMemoryStore(), false) })
	for _, shared := range []bool{false, true} {
		b.Run(fmt.Sprintf("redis/shared=%v", shared), func(b *testing.B) {
			s, err := leaderboard.NewRedisStore(leaderboard.RedisConfig{Client: redistest.Client(b)})
			if err != nil {
				b.Fatal(err)
			}
			benchRecord(b, s, shared)
		})
	}
}
