-- Join: start a new session of a racer; its epoch is one more than the
-- last. The roster's members have a field e:<id> from creation on.
-- KEYS[1] the race's hash; ARGV[1] player ID, ARGV[2] idle TTL in ms
-- Returns the new epoch, -1 for an unknown race, -2 for a stranger.
if redis.call('EXISTS', KEYS[1]) == 0 then
	return -1
end
local f = 'e:' .. ARGV[1]
if redis.call('HEXISTS', KEYS[1], f) == 0 then
	return -2
end
local e = redis.call('HINCRBY', KEYS[1], f, 1)
if redis.call('HEXISTS', KEYS[1], 'done') == 0 then
	redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return e
