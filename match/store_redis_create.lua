-- CreateRace: store a new race, with the store's clock as its creation
-- time. A retry of the same call (the race as the caller gave it, with its
-- random nonce) returns what it stored.
-- KEYS[1] the race's hash, KEYS[2] its result hash
-- ARGV[1] race JSON, ARGV[2] the race as given (JSON), ARGV[3] idle TTL in ms,
-- ARGV[4..] the roster's player IDs
-- Returns {1, "sec usec"} when stored, {0} when the ID is taken.
if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('EXISTS', KEYS[2]) == 1 then
	if redis.call('HGET', KEYS[1], 'ctoken') == ARGV[2] then
		return {1, redis.call('HGET', KEYS[1], 'created')}
	end
	return {0}
end
local t = redis.call('TIME')
local created = t[1] .. ' ' .. t[2]
redis.call('HSET', KEYS[1], 'race', ARGV[1], 'ctoken', ARGV[2], 'created', created)
for i = 4, #ARGV do
	redis.call('HSET', KEYS[1], 'e:' .. ARGV[i], 0)
end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {1, created}
