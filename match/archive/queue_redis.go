package archive

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/internal/redisscript"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/rating"
	"github.com/solitaire-race/racer/match/replay"
)

// RedisQueueConfig configures a RedisQueue.
type RedisQueueConfig struct {
	// Client is the Redis connection: a single server, Sentinel or
	// Cluster. Required.
	Client redis.UniversalClient
	// Games code the records (Encode): every game whose races are
	// queued. Required.
	Games *game.Registry
	// Prefix starts every key. Default "racer:{archive}:": the hash tag
	// keeps the queue's keys in one Cluster slot.
	Prefix string
	// MinIdle is how long a claimed item stays with its consumer before
	// another may claim it. Default DefaultMinIdle.
	MinIdle time.Duration
	// QueuedTTL bounds how long a race's "queued" marker stops it from
	// being pushed again. Default one hour.
	QueuedTTL time.Duration
}

// RedisQueue is a Queue on a Redis stream with one consumer group: every
// node's Archiver is a consumer, and a node that dies leaves its claimed
// items pending in the group, where another's Claim takes them over
// (XAUTOCLAIM) after MinIdle. Keys, under Prefix:
//
//	outbox          stream: race, record (Encode) and ratings (JSON, when
//	                the race changed ratings) per entry
//	queued:<race>   string: the race is in the stream (expires QueuedTTL);
//	                queued:<race>+ratings for an entry with ratings
//
// An archived entry is acknowledged and deleted, so the stream holds only
// races waiting for the archive. It is safe for concurrent use.
type RedisQueue struct {
	c       redis.UniversalClient
	stream  string
	prefix  string
	minIdle time.Duration
	ttl     time.Duration
	games   *game.Registry
}

var _ Queue = (*RedisQueue)(nil)

// redisGroup is the consumer group of every Archiver.
const redisGroup = "archivers"

// NewRedisQueue returns a RedisQueue for cfg.
func NewRedisQueue(cfg RedisQueueConfig) (*RedisQueue, error) {
	if cfg.Client == nil {
		return nil, errors.New("archive: RedisQueueConfig.Client is nil")
	}
	if cfg.Games == nil {
		return nil, fmt.Errorf("%w: RedisQueueConfig.Games is nil", ErrNoGames)
	}
	if cfg.Prefix == "" {
		cfg.Prefix = "racer:{archive}:"
	}
	if cfg.MinIdle <= 0 {
		cfg.MinIdle = DefaultMinIdle
	}
	if cfg.QueuedTTL <= 0 {
		cfg.QueuedTTL = time.Hour
	}
	return &RedisQueue{c: cfg.Client, stream: cfg.Prefix + "outbox", prefix: cfg.Prefix, minIdle: cfg.MinIdle, ttl: cfg.QueuedTTL, games: cfg.Games}, nil
}

// pushScript adds an entry unless the race's marker is set, and sets it.
var pushScript = redisscript.New(`
if redis.call('SET', KEYS[2], '1', 'NX', 'PX', ARGV[3]) then
	if ARGV[4] == '' then
		redis.call('XADD', KEYS[1], '*', 'race', ARGV[1], 'record', ARGV[2])
	else
		redis.call('XADD', KEYS[1], '*', 'race', ARGV[1], 'record', ARGV[2], 'ratings', ARGV[4])
	end
	return 1
end
return 0`)

// Push implements Queue.
func (q *RedisQueue) Push(ctx context.Context, rp replay.Replay, ratings ...rating.Change) error {
	rec, err := Encode(q.games, rp)
	if err != nil {
		return err
	}
	var rs []byte
	if len(ratings) > 0 {
		if rs, err = json.Marshal(ratings); err != nil {
			return err
		}
	}
	keys := []string{q.stream, q.prefix + "queued:" + queueKey(rp.Race, len(ratings) > 0)}
	if err := pushScript.Run(ctx, q.c, keys, rp.Race, rec, q.ttl.Milliseconds(), rs).Err(); err != nil {
		return fmt.Errorf("archive: queue %s: %w", rp.Race, err)
	}
	return nil
}

// group creates the consumer group (and the stream) if missing.
func (q *RedisQueue) group(ctx context.Context) error {
	err := q.c.XGroupCreateMkStream(ctx, q.stream, redisGroup, "0").Err()
	if err != nil && !strings.HasPrefix(err.Error(), "BUSYGROUP") {
		return fmt.Errorf("archive: queue group: %w", err)
	}
	return nil
}

// Claim implements Queue.
func (q *RedisQueue) Claim(ctx context.Context, consumer string, n int, wait time.Duration) ([]Item, error) {
	msgs, _, err := q.c.XAutoClaim(ctx, &redis.XAutoClaimArgs{
		Stream: q.stream, Group: redisGroup, Consumer: consumer, MinIdle: q.minIdle, Start: "0-0", Count: int64(n),
	}).Result()
	if isNoGroup(err) {
		if err = q.group(ctx); err == nil {
			return q.Claim(ctx, consumer, n, wait)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("archive: queue claim: %w", err)
	}
	if len(msgs) == 0 {
		block := wait
		if block <= 0 {
			block = -1 // no BLOCK
		}
		streams, err := q.c.XReadGroup(ctx, &redis.XReadGroupArgs{
			Group: redisGroup, Consumer: consumer, Streams: []string{q.stream, ">"}, Count: int64(n), Block: block,
		}).Result()
		if errors.Is(err, redis.Nil) {
			return nil, nil
		}
		if err != nil {
			return nil, fmt.Errorf("archive: queue read: %w", err)
		}
		for _, s := range streams {
			msgs = append(msgs, s.Messages...)
		}
	}
	items := make([]Item, len(msgs))
	for i, m := range msgs {
		race, _ := m.Values["race"].(string)
		rec, _ := m.Values["record"].(string)
		items[i] = Item{ID: m.ID, Race: race}
		items[i].Replay, items[i].Err = Decode(q.games, []byte(rec))
		rs, _ := m.Values["ratings"].(string)
		items[i].rated = rs != ""
		if rs != "" && items[i].Err == nil {
			if err := json.Unmarshal([]byte(rs), &items[i].Ratings); err != nil {
				items[i].Replay, items[i].Err = replay.Replay{}, fmt.Errorf("archive: ratings of %s: %w", race, err)
			}
		}
	}
	return items, nil
}

func isNoGroup(err error) bool { return err != nil && strings.HasPrefix(err.Error(), "NOGROUP") }

// Done implements Queue: it acknowledges and deletes the entries and
// clears their races' markers.
func (q *RedisQueue) Done(ctx context.Context, items ...Item) error {
	if len(items) == 0 {
		return nil
	}
	ids := make([]string, len(items))
	markers := make([]string, 0, len(items))
	for i, it := range items {
		ids[i] = it.ID
		if it.Race != "" {
			markers = append(markers, q.prefix+"queued:"+queueKey(it.Race, it.rated || len(it.Ratings) > 0))
		}
	}
	_, err := q.c.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.XAck(ctx, q.stream, redisGroup, ids...)
		p.XDel(ctx, q.stream, ids...)
		if len(markers) > 0 {
			p.Del(ctx, markers...)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("archive: queue done: %w", err)
	}
	return nil
}

// Oldest implements Queue: the time in the ID of the stream's first
// entry (Redis's clock).
func (q *RedisQueue) Oldest(ctx context.Context) (time.Time, error) {
	msgs, err := q.c.XRangeN(ctx, q.stream, "-", "+", 1).Result()
	if err != nil {
		return time.Time{}, fmt.Errorf("archive: queue oldest: %w", err)
	}
	if len(msgs) == 0 {
		return time.Time{}, nil
	}
	ms, _, _ := strings.Cut(msgs[0].ID, "-")
	v, err := strconv.ParseInt(ms, 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("archive: queue oldest: entry ID %q", msgs[0].ID)
	}
	return time.UnixMilli(v), nil
}
