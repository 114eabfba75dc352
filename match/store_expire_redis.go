package match

import (
	"context"
	"time"

	"github.com/solitaire-race/racer/internal/redisscript"
)

// expireScript shortens a finished race's keys' lives to ARGV[1] ms: the
// race's hash and its result hash, each only if it would outlive that.
// KEYS[1] the race's hash, KEYS[2] its result hash. Returns 0 for a race
// without a result (live or unknown: nothing changes), else 1.
var expireScript = redisscript.New(`
if redis.call('EXISTS', KEYS[2]) == 0 then
	return {0}
end
local ttl = tonumber(ARGV[1])
for _, k in ipairs(KEYS) do
	local p = redis.call('PTTL', k)
	if p == -1 or p > ttl then
		redis.call('PEXPIRE', k, ttl)
	end
end
return {1}`)

// ExpireFinished lets a finished race's hot state and result go within
// ttl (if they would stay longer): once the race is archived, Redis need
// not keep it for HotTTL, nor its result for good. A race without a
// result is left as it is, and so is a race already gone.
func (s *RedisStore) ExpireFinished(ctx context.Context, race string, ttl time.Duration) error {
	_, err := s.run(ctx, "expire", expireScript, s.keys(race), max(ttl.Milliseconds(), 1))
	return err
}
