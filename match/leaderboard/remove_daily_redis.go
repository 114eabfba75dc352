package leaderboard

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// RemoveDaily implements Store without a scan: a day's board expires
// DayTTL after the day begins, so the boards kept are those of the days
// from DayTTL ago to today, and their keys are known. One ZREM per
// profile and day (a day more at each end, for a node clock that is
// off the store's), all in one pipeline: on a Cluster, go-redis sends
// each profile's to the master of its hash slot.
func (s *RedisStore) RemoveDaily(ctx context.Context, player string, profiles ...string) (int, error) {
	for _, p := range profiles {
		if err := CheckProfile(p); err != nil {
			return 0, err
		}
	}
	if len(profiles) == 0 {
		return 0, nil
	}
	days := keptDays(time.Now())
	var cmds []*redis.IntCmd
	_, err := s.c.Pipelined(ctx, func(pl redis.Pipeliner) error {
		for _, p := range profiles {
			for _, day := range days {
				cmds = append(cmds, pl.ZRem(ctx, s.boardKey(Board{Profile: p, Kind: KindDaily, Period: Day, At: day}), player))
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	n := 0
	for _, c := range cmds {
		n += int(c.Val())
	}
	return n, nil
}

// keptDays returns a time in each day whose daily board a store that
// expires keys may keep at now: from DayTTL ago to today, and a day more
// at each end.
func keptDays(now time.Time) []time.Time {
	y, m, d := now.UTC().Date()
	today := time.Date(y, m, d, 12, 0, 0, 0, time.UTC)
	n := int(DayTTL/(24*time.Hour)) + 1
	out := make([]time.Time, 0, n+2)
	for i := -n; i <= 1; i++ {
		out = append(out, today.AddDate(0, 0, i))
	}
	return out
}
