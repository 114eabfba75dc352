-- Standing: one player's line and rank.
-- KEYS[1] the arena's players, KEYS[2] its ranking
-- ARGV[1] player ID
-- Returns nil when the player never joined, else {the player's JSON,
-- the number of players ranked strictly above, the number of players}.
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return nil end
local score = redis.call('ZSCORE', KEYS[2], ARGV[1]) or '0'
local above = redis.call('ZCOUNT', KEYS[2], '(' .. score, '+inf')
return {raw, above, redis.call('ZCARD', KEYS[2])}
