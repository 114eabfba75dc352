-- Record: score a finished race of an arena once, keyed by its race ID.
-- KEYS[1] the arena's hash, KEYS[2] its players, KEYS[3] its ranking,
-- KEYS[4] its results
-- ARGV[1] race ID, ARGV[2] the result's JSON, ARGV[3] the pause in ms,
-- then per racer: player ID, placement points, "1" for a win, cards
-- Returns 1 when recorded now, 0 when recorded before.
if redis.call('HSETNX', KEYS[4], ARGV[1], ARGV[2]) == 0 then return 0 end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ids = {}
for i = 4, #ARGV, 4 do ids[#ids + 1] = ARGV[i] end
for i = 4, #ARGV, 4 do
	local id = ARGV[i]
	local raw = redis.call('HGET', KEYS[2], id)
	if raw then
		local p = cjson.decode(raw)
		local pts = tonumber(ARGV[i + 1])
		if ARGV[i + 2] == '1' then
			if p.streak >= 2 then pts = pts * 2 end
			p.streak = p.streak + 1
			p.wins = p.wins + 1
		else
			p.streak = 0
		end
		p.pts = p.pts + pts
		p.races = p.races + 1
		p.cards = p.cards + tonumber(ARGV[i + 3])
		local last = {}
		for _, o in ipairs(ids) do
			if o ~= id then last[#last + 1] = o end
		end
		p.last = table.concat(last, ',')
		if p.race == ARGV[1] then
			p.race = ''
			p.race_at = 0
			p.ready = now + tonumber(ARGV[3])
		end
		redis.call('HSET', KEYS[2], id, cjson.encode(p))
		redis.call('ZADD', KEYS[3], p.pts * 10000 + math.floor(p.cards * 10 / p.races), id)
	end
end
local exp = redis.call('HGET', KEYS[1], 'exp')
if exp then redis.call('PEXPIREAT', KEYS[4], exp) end
return 1
