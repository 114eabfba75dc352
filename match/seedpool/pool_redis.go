package seedpool

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/internal/redisscript"
)

// RedisConfig configures a RedisPool.
type RedisConfig struct {
	// Client is the Redis connection: a single server, Sentinel or
	// Cluster. Required.
	Client redis.UniversalClient
	// Prefix starts every key. Default "racer:seeds:".
	Prefix string
}

// RedisPool is a Pool in Redis. Keys, under Prefix + "{profile}:" (the
// hash tag keeps one profile's keys in one Cluster slot):
//
//	ready   list of decimal seeds, taken from the head (SENSITIVE: the
//	        deals of races to come; only servers and dealers may read it)
//	taken   counter of the seeds ever taken
//
// Take is one script (LPOP and INCR), Offer one script (LLEN and
// RPUSH), so several dealers and any number of nodes share the keys
// safely. It is safe for concurrent use.
type RedisPool struct {
	c      redis.UniversalClient
	prefix string
}

var _ Pool = (*RedisPool)(nil)

// NewRedisPool returns a RedisPool for cfg.
func NewRedisPool(cfg RedisConfig) (*RedisPool, error) {
	if cfg.Client == nil {
		return nil, errors.New("seedpool: RedisConfig.Client is nil")
	}
	if cfg.Prefix == "" {
		cfg.Prefix = "racer:seeds:"
	}
	return &RedisPool{c: cfg.Client, prefix: cfg.Prefix}, nil
}

// keys returns profile's ready and taken keys.
func (p *RedisPool) keys(profile string) []string {
	base := p.prefix + "{" + profile + "}:"
	return []string{base + "ready", base + "taken"}
}

var (
	takeScript = redisscript.New(`
local s = redis.call('LPOP', KEYS[1])
if s then redis.call('INCR', KEYS[2]) end
return s`)
	offerScript = redisscript.New(`
local n = redis.call('LLEN', KEYS[1])
if n >= tonumber(ARGV[2]) then return {0, n} end
return {1, redis.call('RPUSH', KEYS[1], ARGV[1])}`)
)

// Take implements Pool.
func (p *RedisPool) Take(ctx context.Context, profile string) (uint64, error) {
	s, err := takeScript.Run(ctx, p.c, p.keys(profile)).Text()
	if errors.Is(err, redis.Nil) {
		return 0, ErrEmpty
	}
	if err != nil {
		return 0, fmt.Errorf("seedpool: take %s: %w", profile, err)
	}
	seed, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("seedpool: take %s: bad seed %q", profile, s)
	}
	return seed, nil
}

// Offer implements Pool.
func (p *RedisPool) Offer(ctx context.Context, profile string, seed uint64, size int) (bool, int, error) {
	v, err := offerScript.Run(ctx, p.c, p.keys(profile), strconv.FormatUint(seed, 10), size).Int64Slice()
	if err != nil {
		return false, 0, fmt.Errorf("seedpool: offer %s: %w", profile, err)
	}
	if len(v) != 2 {
		return false, 0, fmt.Errorf("seedpool: offer %s: reply %v", profile, v)
	}
	return v[0] == 1, int(v[1]), nil
}

// Stats implements Pool: one pipeline of LLEN and GET per profile.
func (p *RedisPool) Stats(ctx context.Context, profiles []string) ([]Stat, error) {
	pipe := p.c.Pipeline()
	lens := make([]*redis.IntCmd, len(profiles))
	taken := make([]*redis.StringCmd, len(profiles))
	for i, name := range profiles {
		k := p.keys(name)
		lens[i] = pipe.LLen(ctx, k[0])
		taken[i] = pipe.Get(ctx, k[1])
	}
	if _, err := pipe.Exec(ctx); err != nil && !errors.Is(err, redis.Nil) {
		return nil, fmt.Errorf("seedpool: stats: %w", err)
	}
	out := make([]Stat, len(profiles))
	for i := range profiles {
		out[i].Ready = int(lens[i].Val())
		if n, err := taken[i].Int64(); err == nil {
			out[i].Taken = n
		}
	}
	return out, nil
}
