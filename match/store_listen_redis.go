package match

import (
	"context"

	"github.com/solitaire-race/racer/internal/redisscript"
)

// A race's listeners are fields of its hash: ls:<listener> for each, and
// subs their count, which the append script reads with the fields it
// reads anyway. Both scripts leave an unknown or expired race alone, so
// that they never make a hash without a TTL.

// listenScript adds listener ARGV[1] to the race's hash KEYS[1].
var listenScript = redisscript.New(`
if redis.call('EXISTS', KEYS[1]) == 0 then
	return {0}
end
if redis.call('HSETNX', KEYS[1], 'ls:' .. ARGV[1], 1) == 1 then
	redis.call('HINCRBY', KEYS[1], 'subs', 1)
end
return {1}`)

// unlistenScript removes listener ARGV[1] from the race's hash KEYS[1].
var unlistenScript = redisscript.New(`
if redis.call('HDEL', KEYS[1], 'ls:' .. ARGV[1]) == 1 then
	redis.call('HINCRBY', KEYS[1], 'subs', -1)
end
return {1}`)

// Listen implements Store.
func (s *RedisStore) Listen(ctx context.Context, race, listener string) error {
	_, err := s.run(ctx, "listen", listenScript, s.keys(race)[:1], listener)
	return err
}

// Unlisten implements Store.
func (s *RedisStore) Unlisten(ctx context.Context, race, listener string) error {
	_, err := s.run(ctx, "unlisten", unlistenScript, s.keys(race)[:1], listener)
	return err
}
