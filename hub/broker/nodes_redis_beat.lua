-- Beat: a node's heartbeat in the cluster's sorted set of nodes, scored by
-- the expiry of its last beat in ms of the store's clock. Drops the nodes
-- dead for longer than the memory, and returns the store's time and
-- every node left with its expiry. The set itself expires a memory after
-- the last beat's expiry.
-- KEYS[1] the nodes' sorted set; ARGV[1] node, ARGV[2] TTL in ms,
-- ARGV[3] memory in ms
-- Returns {now, node, expiry, node, expiry, ...} (all strings).
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local ttl, keep = tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZADD', KEYS[1], now + ttl, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - keep)
if redis.call('PTTL', KEYS[1]) < ttl + keep then
	redis.call('PEXPIRE', KEYS[1], ttl + keep)
end
local all = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
local out = {string.format('%d', now)}
for i = 1, #all do
	out[#out + 1] = all[i]
end
return out
