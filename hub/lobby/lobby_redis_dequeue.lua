-- Dequeue: remove a waiting player from the queue.
-- KEYS[1] the queue (a list); ARGV[1] the player's ID
-- Returns 1 when the player was waiting, else 0 (an expired entry is
-- removed too, but was not waiting).
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
for _, v in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do
	local ok, r = pcall(cjson.decode, v)
	if ok and type(r) == 'table' and r.id == ARGV[1] then
		redis.call('LREM', KEYS[1], 1, v)
		if type(r.exp) == 'number' and r.exp <= now then
			return 0
		end
		return 1
	end
end
return 0
