-- Index: add a race to a player's index of live races (a set of race IDs)
-- and keep the set at least ARGV[2] ms from now, never shortening it. The
-- set is in the player's hash slot, not the race's, so CreateRace runs this
-- apart from its own script, once per racer; LiveFor drops the IDs of
-- races finished or gone, and the TTL drops a set left behind for good.
-- KEYS[1] the player's set
-- ARGV[1] race ID, ARGV[2] TTL in ms
-- Returns 1.
redis.call('SADD', KEYS[1], ARGV[1])
local ttl = tonumber(ARGV[2])
if redis.call('PTTL', KEYS[1]) < ttl then
	redis.call('PEXPIRE', KEYS[1], ttl)
end
return 1
