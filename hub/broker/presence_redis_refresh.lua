-- RefreshPresence: SetPresence for each id, then Presence, in one script.
-- KEYS[1] the presence hash; ARGV[1] info, ARGV[2] TTL in ms,
-- ARGV[3..] the ids. Returns the live entries as Presence does.
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local ttl = tonumber(ARGV[2])
local entry = string.format('%d', now + ttl) .. ' ' .. ARGV[1]
if #ARGV > 2 then
	local set = {}
	for i = 3, #ARGV do
		set[#set + 1] = ARGV[i]
		set[#set + 1] = entry
	end
	redis.call('HSET', KEYS[1], unpack(set))
	if redis.call('PTTL', KEYS[1]) < ttl then
		redis.call('PEXPIRE', KEYS[1], ttl)
	end
end
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
