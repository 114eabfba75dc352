-- Enqueue: pair a player with one waiting in the queue, or leave them
-- waiting (once). Entries are racer JSON objects ({"id":…,"name":…}).
-- KEYS[1] the queue (a list); ARGV[1] the player's ID, ARGV[2] their JSON
-- Returns the partner's JSON, or nil when the player waits.
local q = redis.call('LRANGE', KEYS[1], 0, -1)
local n = #q
for _, v in ipairs(q) do
	local ok, r = pcall(cjson.decode, v)
	if not ok or type(r) ~= 'table' then
		redis.call('LREM', KEYS[1], 1, v) -- not ours: drop it
		n = n - 1
	elseif r.id ~= ARGV[1] then
		redis.call('LREM', KEYS[1], 1, v)
		return v
	end
end
if n == 0 then
	redis.call('RPUSH', KEYS[1], ARGV[2])
end
return false
