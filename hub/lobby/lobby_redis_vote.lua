-- VoteRematch: add a vote; only the vote that makes the count reach the
-- need answers 1.
-- KEYS[1] the race's votes (a set); ARGV[1] player, ARGV[2] need,
-- ARGV[3] TTL in ms
local added = redis.call('SADD', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
if added == 1 and redis.call('SCARD', KEYS[1]) == tonumber(ARGV[2]) then
	return 1
end
return 0
