-- Presence: the live entries of a channel's presence hash, as a flat list
-- id, info, id, info...; expired entries are deleted on the way.
-- KEYS[1] the presence hash
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local all = redis.call('HGETALL', KEYS[1])
local out = {}
for i = 1, #all, 2 do
	local v = all[i + 1]
	local sp = string.find(v, ' ', 1, true)
	if sp and tonumber(string.sub(v, 1, sp - 1)) > now then
		out[#out + 1] = all[i]
		out[#out + 1] = string.sub(v, sp + 1)
	else
		redis.call('HDEL', KEYS[1], all[i])
	end
end
return out
