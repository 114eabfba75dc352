package leaderboard

import (
	"context"

	"github.com/redis/go-redis/v9"
)

var _ Resetter = (*RedisStore)(nil)

// ResetProfile implements Resetter. The profile's keys share one hash
// slot; on a Cluster they are scanned on every master (only the slot's
// owner has them).
func (s *RedisStore) ResetProfile(ctx context.Context, profile string) error {
	if err := CheckProfile(profile); err != nil {
		return err
	}
	patterns := []string{"rating:*", "applied:*", "board:" + string(KindRating) + ":*", "board:" + string(KindWins) + ":*"}
	reset := func(ctx context.Context, c redis.Cmdable) error {
		for _, p := range patterns {
			iter := c.Scan(ctx, 0, s.key(profile, p), 500).Iterator()
			var keys []string
			for iter.Next(ctx) {
				keys = append(keys, iter.Val())
				if len(keys) == 500 {
					if err := c.Del(ctx, keys...).Err(); err != nil {
						return err
					}
					keys = keys[:0]
				}
			}
			if err := iter.Err(); err != nil {
				return err
			}
			if len(keys) > 0 {
				if err := c.Del(ctx, keys...).Err(); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if cc, ok := s.c.(*redis.ClusterClient); ok {
		return cc.ForEachMaster(ctx, func(ctx context.Context, c *redis.Client) error { return reset(ctx, c) })
	}
	return reset(ctx, s.c)
}
