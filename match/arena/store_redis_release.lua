-- Release: put the players of a race that could not start back in the
-- pool at once.
-- KEYS[1] the arena's players
-- ARGV[1] race ID
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local all = redis.call('HVALS', KEYS[1])
for _, raw in ipairs(all) do
	local p = cjson.decode(raw)
	if p.race == ARGV[1] then
		p.race = ''
		p.race_at = 0
		p.ready = now
		redis.call('HSET', KEYS[1], p.id, cjson.encode(p))
	end
end
return 1
