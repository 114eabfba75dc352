-- Join: add a player to an arena, or bring them back.
-- KEYS[1] the arena's hash, KEYS[2] its players, KEYS[3] its ranking
-- ARGV[1] player ID, ARGV[2] name, ARGV[3] "1" for a bot, ARGV[4] the
-- most players
-- Returns "ok", "notfound", "finished", "botrated" or "full".
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local e = redis.call('HGET', KEYS[1], 'end')
if not e then return 'notfound' end
if now >= tonumber(e) then return 'finished' end
if ARGV[3] == '1' and redis.call('HGET', KEYS[1], 'rated') == '1' then return 'botrated' end
local raw = redis.call('HGET', KEYS[2], ARGV[1])
local p
if raw then
	p = cjson.decode(raw)
	p.name = ARGV[2]
	p.paused = false
	p.wd = false
else
	if redis.call('HLEN', KEYS[2]) >= tonumber(ARGV[4]) then return 'full' end
	p = {id = ARGV[1], name = ARGV[2], bot = ARGV[3] == '1', pts = 0, races = 0, wins = 0, streak = 0,
		cards = 0, joined = now, paused = false, wd = false, race = '', race_at = 0, ready = now, last = ''}
	redis.call('ZADD', KEYS[3], 'NX', 0, ARGV[1])
end
redis.call('HSET', KEYS[2], ARGV[1], cjson.encode(p))
local exp = redis.call('HGET', KEYS[1], 'exp')
redis.call('PEXPIREAT', KEYS[2], exp)
redis.call('PEXPIREAT', KEYS[3], exp)
return 'ok'
