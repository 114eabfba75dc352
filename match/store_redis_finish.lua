-- Finish: write a race's result once. The result hash keeps the result,
-- the race and its winner after the race's hash (logs, epochs) expires.
-- A retry of the same call (same token) sees its own token come back.
-- KEYS[1] the race's hash, KEYS[2] its result hash
-- ARGV[1] result JSON, ARGV[2] call token, ARGV[3] TTL of the race's hash
-- in ms, ARGV[4] TTL of the result in ms (0: none)
-- Returns {1, token, "sec usec", result, race} when stored now, {0, token,
-- "sec usec", result, race} when stored before, {-1} for an unknown race
-- (race: the race's JSON, whose roster names the players' indexes to clean).
if redis.call('EXISTS', KEYS[2]) == 1 then
	local r = redis.call('HMGET', KEYS[2], 'token', 'at', 'result', 'race')
	return {0, r[1], r[2], r[3], r[4]}
end
if redis.call('EXISTS', KEYS[1]) == 0 then
	return {-1}
end
local t = redis.call('TIME')
local at = t[1] .. ' ' .. t[2]
local h = redis.call('HMGET', KEYS[1], 'race', 'created', 'winner')
redis.call('HSET', KEYS[2], 'token', ARGV[2], 'at', at, 'result', ARGV[1], 'race', h[1], 'created', h[2])
if h[3] then
	redis.call('HSET', KEYS[2], 'winner', h[3])
end
if tonumber(ARGV[4]) > 0 then
	redis.call('PEXPIRE', KEYS[2], ARGV[4])
end
redis.call('HSET', KEYS[1], 'done', '1')
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {1, ARGV[2], at, ARGV[1], h[1]}
