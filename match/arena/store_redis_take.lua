-- Take: seat groups of free players in their races, while the caller
-- holds the lease and the arena runs.
-- KEYS[1] the arena's hash, KEYS[2] its players, KEYS[3] its lease
-- ARGV[1] holder, then per group: race ID, player count, player IDs
-- Returns the race IDs of the groups taken.
if redis.call('GET', KEYS[3]) ~= ARGV[1] then return {} end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local e = redis.call('HGET', KEYS[1], 'end')
if not e or now >= tonumber(e) then return {} end
local taken = {}
local i = 2
while i <= #ARGV do
	local race, k = ARGV[i], tonumber(ARGV[i + 1])
	local ps, ok = {}, true
	for j = 1, k do
		local raw = redis.call('HGET', KEYS[2], ARGV[i + 1 + j])
		if not raw then ok = false break end
		local p = cjson.decode(raw)
		if p.race ~= '' or p.paused or p.wd or p.ready > now then ok = false break end
		ps[j] = p
	end
	if ok then
		for j = 1, k do
			ps[j].race = race
			ps[j].race_at = now
			redis.call('HSET', KEYS[2], ps[j].id, cjson.encode(ps[j]))
		end
		taken[#taken + 1] = race
	end
	i = i + 2 + k
end
return taken
