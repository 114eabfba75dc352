-- Touch: renew the expiry of waiting players' entries (see
-- lobby_redis_enqueue.lua); an expired entry or one without "exp" is left
-- as it is, no entry is added. The queue expires with its entries.
-- KEYS[1] the queue (a list); ARGV[1] the TTL in ms, ARGV[2…] player IDs
-- Returns the number of entries renewed.
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local ttl = tonumber(ARGV[1])
local want = {}
for i = 2, #ARGV do
	want[ARGV[i]] = true
end
local exp = '"exp":' .. string.format('%d', now + ttl) .. '}'
local n = 0
for i, v in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do
	local ok, r = pcall(cjson.decode, v)
	if ok and type(r) == 'table' and want[r.id] and type(r.exp) == 'number' and r.exp > now then
		local nv, c = string.gsub(v, '"exp":%d+}$', exp)
		if c == 1 then
			redis.call('LSET', KEYS[1], i - 1, nv)
			n = n + 1
		end
	end
end
if n > 0 then
	local p = redis.call('PTTL', KEYS[1])
	if p >= 0 and p < ttl then
		redis.call('PEXPIRE', KEYS[1], ttl)
	end
end
return n
