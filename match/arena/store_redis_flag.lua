-- SetPaused and Withdraw: set a player's flag.
-- KEYS[1] the arena's players
-- ARGV[1] player ID, ARGV[2] "paused" or "wd", ARGV[3] "1" or "0"
-- Returns 1, or 0 for a player not in the arena.
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return 0 end
local p = cjson.decode(raw)
p[ARGV[2]] = ARGV[3] == '1'
redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(p))
return 1
