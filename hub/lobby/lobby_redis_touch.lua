-- Touch: renew the expiry of waiting players' entries (see
-- lobby_redis_enqueue.lua) and report the players not waiting. An expired
-- entry is not waiting (left as it is, for Enqueue or Dequeue to drop); an
-- entry without "exp" waits for ever (left as it is); no entry is added.
-- The queue expires with its entries.
-- KEYS[1] the queue (a list); ARGV[1] the TTL in ms (0: renew none),
-- ARGV[2…] player IDs
-- Returns the IDs of ARGV[2…] without a waiting entry, in that order,
-- each once.
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local ttl = tonumber(ARGV[1])
local want = {}
for i = 2, #ARGV do
	want[ARGV[i]] = true
end
local exp = '"exp":' .. string.format('%d', now + ttl) .. '}'
local found = {}
local n = 0
for i, v in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do
	local ok, r = pcall(cjson.decode, v)
	if ok and type(r) == 'table' and type(r.id) == 'string' and want[r.id] then
		if type(r.exp) ~= 'number' then
			found[r.id] = true
		elseif r.exp > now then
			found[r.id] = true
			if ttl > 0 then
				local nv, c = string.gsub(v, '"exp":%d+}$', exp)
				if c == 1 then
					redis.call('LSET', KEYS[1], i - 1, nv)
					n = n + 1
				end
			end
		end
	end
end
if n > 0 then
	local p = redis.call('PTTL', KEYS[1])
	if p >= 0 and p < ttl then
		redis.call('PEXPIRE', KEYS[1], ttl)
	end
end
local missing = {}
for i = 2, #ARGV do
	local id = ARGV[i]
	if not found[id] then
		missing[#missing + 1] = id
		found[id] = true -- once
	end
end
return missing
