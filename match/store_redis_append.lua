-- Append: one action to a racer's log, all or nothing. Checks the race,
-- the roster, that the race is not finished, the session epoch and the
-- sequence number; stores the action with the store's clock (TIME);
-- claims the win if asked and nobody has; publishes the event.
--
-- A log is fields of the race's hash: n:<id> its length and
-- l:<id>:<seq> = "sec usec epoch action" for each entry.
--
-- The hash's idle TTL is set again by an append only once a sixteenth of
-- it has passed since it was last set (field x, the store's time in
-- seconds from which to set it again), so that a race's moves do not
-- each write its expiry: a race lasts from 15/16 of the TTL to the whole
-- TTL after its last append.
--
-- An append whose reply was lost is retried (by go-redis on a broken
-- connection, or by the caller after an error): when seq, epoch and action
-- match the log's last entry, the stored entry is returned again, marked
-- as a repeat, and nothing is stored or published twice.
--
-- KEYS[1] the race's hash, KEYS[2] its result hash
-- ARGV[1] player, ARGV[2] seq, ARGV[3] epoch, ARGV[4] action,
-- ARGV[5] "1" to claim the win, ARGV[6] channel ("" for none),
-- ARGV[7] event, ARGV[8] idle TTL in ms, ARGV[9] the appender's listener
-- ("" for none): the event is left out when it is the race's only one
-- (fields ls:<listener> and subs, store_listen_redis.go)
-- Returns {0, sec, usec, won} when stored, {0, sec, usec, won, 1} for a
-- repeat of the last entry, {1} unknown race, {2} not a racer,
-- {3} finished, {4} stale epoch, {5, next} out of sequence.
local race, racer, seq, epoch, action = KEYS[1], ARGV[1], tonumber(ARGV[2]), ARGV[3], ARGV[4]
local st = redis.call('HMGET', race, 'e:' .. racer, 'n:' .. racer, 'done', 'created', 'x', 'subs', 'ls:' .. ARGV[9])
if not st[4] then
	if redis.call('EXISTS', KEYS[2]) == 1 then
		return {3}
	end
	return {1}
end
if not st[1] then
	return {2}
end
if st[3] then
	return {3}
end
if epoch == '0' or epoch ~= st[1] then
	return {4}
end
local n = tonumber(st[2] or '0')
if seq ~= n + 1 then
	if seq == n and n > 0 then
		local last = redis.call('HGET', race, 'l:' .. racer .. ':' .. n) or ''
		local s, u, e, a = string.match(last, '^(%d+) (%d+) (%d+) (.*)$')
		if e == epoch and a == action then
			local won = 0
			if ARGV[5] == '1' and redis.call('HGET', race, 'winseq') == racer .. ':' .. n then
				won = 1
			end
			return {0, s, u, won, 1}
		end
	end
	return {5, n + 1}
end
local t = redis.call('TIME')
local entry = t[1] .. ' ' .. t[2] .. ' ' .. epoch .. ' ' .. action
local ttl = tonumber(ARGV[8])
if not st[5] or tonumber(t[1]) >= tonumber(st[5]) then
	redis.call('HSET', race, 'n:' .. racer, seq, 'l:' .. racer .. ':' .. seq, entry,
		'x', string.format('%d', tonumber(t[1]) + math.floor(ttl / 16000)))
	redis.call('PEXPIRE', race, ttl)
else
	redis.call('HSET', race, 'n:' .. racer, seq, 'l:' .. racer .. ':' .. seq, entry)
end
local won = 0
if ARGV[5] == '1' and redis.call('HSETNX', race, 'winner', racer) == 1 then
	redis.call('HSET', race, 'winseq', racer .. ':' .. seq)
	won = 1
end
local alone = ARGV[9] ~= '' and st[7] and tonumber(st[6] or '0') == 1
if ARGV[6] ~= '' and not alone then
	redis.call('PUBLISH', ARGV[6], ARGV[7])
end
return {0, t[1], t[2], won}
