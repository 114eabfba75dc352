package replay

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// RedisConfig configures a RedisStore.
type RedisConfig struct {
	// Client is the Redis connection: a single server, Sentinel or
	// Cluster. Required.
	Client redis.UniversalClient
	// Prefix starts every key; a replay is at Prefix + "{" + race + "}".
	// Default "racer:replay:".
	Prefix string
	// TTL is how long a replay is kept. Default 0: for good.
	TTL time.Duration
}

// RedisStore is a Store in Redis: one string of JSON per race, written
// with SET NX. It is safe for concurrent use.
type RedisStore struct {
	c      redis.UniversalClient
	prefix string
	ttl    time.Duration
}

var _ Store = (*RedisStore)(nil)

// NewRedisStore returns a RedisStore for cfg.
func NewRedisStore(cfg RedisConfig) (*RedisStore, error) {
	if cfg.Client == nil {
		return nil, errors.New("replay: RedisConfig.Client is nil")
	}
	if cfg.Prefix == "" {
		cfg.Prefix = "racer:replay:"
	}
	return &RedisStore{c: cfg.Client, prefix: cfg.Prefix, ttl: max(cfg.TTL, 0)}, nil
}

func (s *RedisStore) key(race string) string { return s.prefix + "{" + race + "}" }

// Save implements Store.
func (s *RedisStore) Save(ctx context.Context, rp Replay) (bool, error) {
	if rp.Race == "" {
		return false, errors.New("replay: Save of a replay without a race ID")
	}
	b, err := json.Marshal(rp)
	if err != nil {
		return false, err
	}
	return s.c.SetNX(ctx, s.key(rp.Race), b, s.ttl).Result()
}

// Load implements Store.
func (s *RedisStore) Load(ctx context.Context, race string) (Replay, error) {
	b, err := s.c.Get(ctx, s.key(race)).Bytes()
	if errors.Is(err, redis.Nil) {
		return Replay{}, fmt.Errorf("%w: %s", ErrNotFound, race)
	}
	if err != nil {
		return Replay{}, err
	}
	var rp Replay
	if err := json.Unmarshal(b, &rp); err != nil {
		return Replay{}, fmt.Errorf("replay: stored replay of %s: %w", race, err)
	}
	return rp, nil
}
