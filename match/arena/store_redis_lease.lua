-- Lease: take or renew an arena's pairing lease.
-- KEYS[1] the lease
-- ARGV[1] holder, ARGV[2] TTL in ms
-- Returns 1 when ARGV[1] holds the lease, else 0.
local h = redis.call('GET', KEYS[1])
if h and h ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
