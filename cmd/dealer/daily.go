package main

import (
	"context"
	"log/slog"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/results"
)

// warmDaily searches each day's daily challenges of profiles, keyed by
// the nodes' secret, and claims them in Redis (leaderboard.Store's
// ClaimDailyTry), at start and within a minute of each UTC midnight, so
// that nodes find them claimed and search nothing (nodes with -dealer
// redis wait for the claim). The day is Redis's clock, as the nodes'.
func warmDaily(ctx context.Context, rdb redis.UniversalClient, secret string, profiles []string, log *slog.Logger) error {
	boards, err := leaderboard.NewRedisStore(leaderboard.RedisConfig{Client: rdb})
	if err != nil {
		return err
	}
	clock := func(ctx context.Context) (time.Time, error) { return rdb.Time(ctx).Result() }
	res, err := results.New(results.Config{Games: games.All, Boards: boards, Secret: []byte(secret), Clock: clock, Logger: log})
	if err != nil {
		return err
	}
	d := res.Daily()
	start := time.Now()
	for _, p := range profiles {
		if _, err := d.Today(ctx, p); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			log.Warn("daily challenge not ready; retried within a minute", "profile", p, "err", err)
		}
	}
	log.Info("daily challenges claimed", "profiles", len(profiles), "elapsed", time.Since(start).Round(time.Millisecond).String())
	_ = d.Warm(ctx, profiles, time.Minute)
	return nil
}
