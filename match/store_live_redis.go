package match

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

// The indexes of live races: one sorted set of every live race by
// creation time (Live), one of every live race with a time limit by its
// deadline (Overdue), and, per player, a set of the IDs of their live
// races (LiveFor). None is in a race's hash slot, so the race's scripts
// cannot write them: CreateRace writes them in one pipeline after its
// script and before it returns, Finish cleans them after its script, and
// the readers check each race they name and drop the IDs of races
// finished or expired. An index is a hint; the race's hash is the truth.

func (s *RedisStore) liveKey() string { return s.prefix + "races:live" }

// deadlineKey is the sorted set of the live races with a time limit,
// scored by their deadline in Unix microseconds.
func (s *RedisStore) deadlineKey() string { return s.prefix + "races:deadline" }

// playerKey is the set of the player's live races, in the player's hash
// slot.
func (s *RedisStore) playerKey(player string) string {
	return s.prefix + "player:{" + player + "}:races"
}

// index adds a new race to the index of live races and to each racer's,
// in one pipeline (split by node on a Cluster). A racer's set lasts at
// least as long as the race may: IdleTTL after its last touch, which
// comes before the end of its time limit.
func (s *RedisStore) index(ctx context.Context, r Race) error {
	ttl := strconv.FormatInt((s.idle + max(r.Countdown, 0) + max(r.TimeLimit, 0)).Milliseconds(), 10)
	start := time.Now()
	_, err := s.c.Pipelined(ctx, func(p redis.Pipeliner) error {
		p.ZAdd(ctx, s.liveKey(), redis.Z{Score: float64(r.CreatedAt.UnixMicro()), Member: r.ID})
		if d := r.Deadline(); !d.IsZero() {
			p.ZAdd(ctx, s.deadlineKey(), redis.Z{Score: float64(d.UnixMicro()), Member: r.ID})
		}
		for _, x := range r.Racers {
			// EVAL with the text, not EVALSHA: a pipeline cannot fall
			// back on NOSCRIPT as Script.Run does, and races are
			// created seldom.
			p.Eval(ctx, indexLua, []string{s.playerKey(x.ID)}, r.ID, ttl)
		}
		return nil
	})
	s.m.Observe("live", start, err != nil)
	return err
}

// unindex removes a finished race from the indexes, best effort: the
// readers drop what is left.
func (s *RedisStore) unindex(ctx context.Context, race string, racers []Racer) {
	start := time.Now()
	_, err := s.c.Pipelined(ctx, func(p redis.Pipeliner) error {
		p.ZRem(ctx, s.liveKey(), race)
		p.ZRem(ctx, s.deadlineKey(), race)
		for _, x := range racers {
			p.SRem(ctx, s.playerKey(x.ID), race)
		}
		return nil
	})
	s.m.Observe("live", start, err != nil)
}

// Live implements Store. It reads the newest entries of the index of live
// races, each one's state and Redis's clock in one pipeline, leaves out
// the races past their deadline, and drops from the indexes the races
// that ended or expired.
func (s *RedisStore) Live(ctx context.Context, limit int) ([]Race, error) {
	stop := int64(-1)
	if limit > 0 {
		stop = int64(limit) - 1
	}
	// Newest first, so that a limit keeps the newest. Finished races left
	// in the index (a lost clean-up) and races past their deadline not
	// yet finished count against the limit until they are dropped.
	start := time.Now()
	live, err := s.readIndexed(ctx, "live", start, s.c.ZRevRange(ctx, s.liveKey(), 0, stop), true)
	if err != nil {
		return nil, err
	}
	sortRaces(live)
	return live, nil
}

// Overdue implements Store from the index of deadlines, dropping from the
// indexes the races that ended or expired.
func (s *RedisStore) Overdue(ctx context.Context, deadlineBefore time.Time, limit int) ([]string, error) {
	start := time.Now()
	due, err := s.readIndexed(ctx, "overdue", start, s.c.ZRangeByScore(ctx, s.deadlineKey(), &redis.ZRangeBy{
		Min: "-inf", Max: "(" + strconv.FormatInt(deadlineBefore.UnixMicro(), 10), Count: int64(max(limit, 0)),
	}), false)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(due, func(a, b Race) int {
		return cmp.Or(a.Deadline().Compare(b.Deadline()), cmp.Compare(a.ID, b.ID))
	})
	out := make([]string, len(due))
	for i, r := range due {
		out[i] = r.ID
	}
	return out, nil
}

// readIndexed reads the races whose IDs ids (a read of an index of live
// races begun at start) gives, leaving out those past their deadline
// when current is set, and drops from the indexes of live races and of
// deadlines those that ended or expired.
func (s *RedisStore) readIndexed(ctx context.Context, op string, start time.Time, ids *redis.StringSliceCmd, current bool) ([]Race, error) {
	if err := ids.Err(); err != nil {
		s.m.Observe("live", start, true)
		return nil, s.fail(op, err)
	}
	live, gone, err := s.readLive(ctx, op, ids.Val(), "", current)
	s.m.Observe("live", start, err != nil)
	if err != nil {
		return nil, err
	}
	if len(gone) > 0 {
		// Best effort: the next call retries.
		s.c.Pipelined(ctx, func(p redis.Pipeliner) error {
			p.ZRem(ctx, s.liveKey(), gone...)
			p.ZRem(ctx, s.deadlineKey(), gone...)
			return nil
		})
	}
	return live, nil
}

// LiveFor implements Store. It reads the player's index and each race it
// names (two round trips, whatever the number of live races), and drops
// from the index the races that ended or expired.
func (s *RedisStore) LiveFor(ctx context.Context, player string) ([]Race, error) {
	start := time.Now()
	key := s.playerKey(player)
	ids, err := s.c.SMembers(ctx, key).Result()
	if err != nil {
		s.m.Observe("live_for", start, true)
		return nil, s.fail("live_for", err)
	}
	out, gone, err := s.readLive(ctx, "live_for", ids, player, false)
	s.m.Observe("live_for", start, err != nil)
	if err != nil {
		return nil, err
	}
	if len(gone) > 0 {
		s.c.SRem(ctx, key, gone...) // best effort: the next call retries
	}
	sortRaces(out)
	return out, nil
}

// readLive reads the races ids in one pipeline and sorts them into the
// live ones and the IDs of the others (finished, expired, or without
// racer when racer is not ""). With current, the pipeline reads Redis's
// clock too and a race past its deadline is in neither: it is not
// listed, but it is not over in the store until it is finished. A race
// whose record cannot be decoded is in neither. Its errors are wrapped by
// fail(op).
func (s *RedisStore) readLive(ctx context.Context, op string, ids []string, racer string, current bool) (live []Race, gone []any, err error) {
	if len(ids) == 0 {
		return nil, nil, nil
	}
	cmds := make([]*redis.SliceCmd, len(ids))
	var clock *redis.TimeCmd
	_, err = s.c.Pipelined(ctx, func(p redis.Pipeliner) error {
		if current {
			clock = p.Time(ctx)
		}
		for i, id := range ids {
			cmds[i] = p.HMGet(ctx, s.keys(id)[0], "race", "created", "done")
		}
		return nil
	})
	if err != nil {
		return nil, nil, s.fail(op, err)
	}
	for i, c := range cmds {
		v := c.Val()
		js, _ := v[0].(string)
		created, _ := v[1].(string)
		if js == "" || v[2] != nil {
			gone = append(gone, ids[i])
			continue
		}
		r, err := decodeRace(js, created)
		if err != nil {
			// One unreadable record (a bug, or a newer node's format) must
			// not hide the player's other races, nor fail every reconnect
			// of theirs until it expires: it is left out, and left in the
			// index, since it is not known to have ended.
			continue
		}
		if racer != "" && !r.HasRacer(racer) {
			gone = append(gone, ids[i]) // not theirs: never indexed so, but a hint is checked
			continue
		}
		if current && pastDeadline(r, clock.Val()) {
			continue
		}
		live = append(live, r)
	}
	return live, gone, nil
}
