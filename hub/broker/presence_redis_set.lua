-- SetPresence: one entry of a channel's presence hash, as
-- "<expiry in ms of the store's clock> <info>". The hash itself expires
-- with its longest-lived entry.
-- KEYS[1] the presence hash; ARGV[1] id, ARGV[2] info, ARGV[3] TTL in ms
local t = redis.call('TIME')
local ttl = tonumber(ARGV[3])
local exp = t[1] * 1000 + math.floor(t[2] / 1000) + ttl
redis.call('HSET', KEYS[1], ARGV[1], string.format('%d', exp) .. ' ' .. ARGV[2])
if redis.call('PTTL', KEYS[1]) < ttl then
	redis.call('PEXPIRE', KEYS[1], ttl)
end
return 1
