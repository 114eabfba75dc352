-- Enqueue: pair a player with one waiting in the queue (the one who has
-- waited longest, unless kept apart from the player), or leave them
-- waiting (once). Entries are racer JSON objects ({"id":…,"name":…}),
-- with "exp", the entry's expiry in ms of the store's clock, last when
-- the entry expires. An expired entry is a player whose node stopped
-- renewing it (it died): dropped, never paired. An entry without "exp"
-- (queued with a TTL of 0) never expires.
-- KEYS[1] the queue (a list); ARGV[1] the player's ID, ARGV[2] their
-- JSON (an object with an "id"), ARGV[3] the TTL in ms (0: none),
-- ARGV[4…] the IDs of the players kept apart from this one (linked
-- accounts): they are never paired with it and go on waiting
-- Returns the partner's JSON, or nil when the player waits.
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local ttl = tonumber(ARGV[3])
local apart = {}
for i = 4, #ARGV do
	apart[ARGV[i]] = true
end
for _, v in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do
	local ok, r = pcall(cjson.decode, v)
	if not ok or type(r) ~= 'table' then
		redis.call('LREM', KEYS[1], 1, v) -- not ours: drop it
	elseif type(r.exp) == 'number' and r.exp <= now then
		redis.call('LREM', KEYS[1], 1, v) -- a ghost: drop it
	elseif r.id == ARGV[1] then
		redis.call('LREM', KEYS[1], 1, v) -- queued again: renewed below
	elseif not apart[r.id] then
		redis.call('LREM', KEYS[1], 1, v)
		return v
	end
end
-- Nobody to pair with: this player waits, last, beside any kept apart.
if ttl > 0 then
	local exp = string.format('%d', now + ttl)
	redis.call('RPUSH', KEYS[1], string.sub(ARGV[2], 1, -2) .. ',"exp":' .. exp .. '}')
	redis.call('PEXPIRE', KEYS[1], ttl)
else
	redis.call('RPUSH', KEYS[1], ARGV[2])
end
return false
