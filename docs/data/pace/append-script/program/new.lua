-- Append: actions to racers' logs, each all or nothing. For each append,
-- checks the race, the roster, that the race is not finished, the session
-- epoch and the sequence number; stores the action with the store's clock
-- (TIME, read once for the run); claims the win if asked and nobody has;
-- publishes the event on the race's sharded channel (SPUBLISH, Redis 7:
-- on a Cluster it stays on this master, whose slot the channel's hash tag
-- shares with the race's keys).
-- One run carries the appends of one batch (store_batch_redis.go), each
-- checked and answered on its own: one append's refusal leaves the
-- others alone. On Redis Cluster a run's keys are all in one hash slot.
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
-- KEYS[i] the i-th append's race's hash (its only key: a race gone from
-- the hash answers {1} and the caller looks for its result, which is
-- rare, rather than every append carrying the result's key).
-- ARGV[1] idle TTL in ms; then eight arguments for each append, from
-- ARGV[2 + 8(i-1)]: player, seq, epoch, action, "1" to claim the win,
-- channel ("" for none), event, the appender's listener ("" for none):
-- the event is left out when that listener is the race's only one (fields
-- ls:<listener> and subs, store_listen_redis.go).
-- Returns the run's clock and one reply for each append, in order:
-- {sec, usec, r1, r2, ...} where ri is 0 when stored at that time, 1 when
-- stored and it claimed the win, or a table: {0, sec, usec, won, 1} for a
-- repeat of the last entry (its own time), {1} no such race in the hash
-- (unknown, or finished and its hot state expired), {2} not a racer,
-- {3} finished, {4} stale epoch, {5, next} out of sequence. Replies of
-- stored appends are numbers, not tables: building and sending a table
-- for each append cost Redis more than its check.
local ttl = tonumber(ARGV[1])
if not ttl or #KEYS == 0 or #ARGV ~= 1 + 8 * #KEYS then
	return redis.error_reply('ERR append: bad arguments')
end
-- One clock reading for the whole run: its appends came within
-- about AppendWait of each other, and a log's order is its sequence
-- numbers.
local t = redis.call('TIME')
local sec, usec = t[1], t[2]
local prefix = sec .. ' ' .. usec .. ' '
-- x's next value: the time from which an append sets the expiry again.
local again = string.format('%d', tonumber(sec) + math.floor(ttl / 16000))

local function append(race, racer, seq, epoch, action, win, channel, event, listener)
	local st
	if channel ~= '' and listener ~= '' then
		st = redis.call('HMGET', race, 'e:' .. racer, 'n:' .. racer, 'done', 'x', 'subs', 'ls:' .. listener)
	else
		st = redis.call('HMGET', race, 'e:' .. racer, 'n:' .. racer, 'done', 'x')
	end
	if not st[1] then
		-- Not a racer of this race, or no race: a hash without its
		-- creation field holds only listeners (a node listened first).
		if redis.call('HEXISTS', race, 'created') == 1 then
			return {2}
		end
		return {1}
	end
	if st[3] then
		return {3}
	end
	if epoch == '0' or epoch ~= st[1] then
		return {4}
	end
	-- seq stays the string it came as (canonical decimal) for the fields
	-- it names, so that no number is formatted on the hot path.
	local n, sn = tonumber(st[2] or '0'), tonumber(seq)
	if sn ~= n + 1 or not string.find(seq, '^[1-9]%d*$') then
		if sn == n and n > 0 then
			local last = redis.call('HGET', race, 'l:' .. racer .. ':' .. n) or ''
			local s, u, e, a = string.match(last, '^(%d+) (%d+) (%d+) (.*)$')
			if e == epoch and a == action then
				local won = 0
				if win == '1' and redis.call('HGET', race, 'winseq') == racer .. ':' .. n then
					won = 1
				end
				return {0, s, u, won, 1}
			end
		end
		return {5, n + 1}
	end
	local entry = prefix .. epoch .. ' ' .. action
	-- Seconds of TIME compare as strings of one length (no number
	-- conversions on the hot path).
	local x = st[4]
	if not x or #sec > #x or (#sec == #x and sec >= x) then
		redis.call('HSET', race, 'n:' .. racer, seq, 'l:' .. racer .. ':' .. seq, entry, 'x', again)
		redis.call('PEXPIRE', race, ttl)
	else
		redis.call('HSET', race, 'n:' .. racer, seq, 'l:' .. racer .. ':' .. seq, entry)
	end
	local won = 0
	if win == '1' and redis.call('HSETNX', race, 'winner', racer) == 1 then
		redis.call('HSET', race, 'winseq', racer .. ':' .. seq)
		won = 1
	end
	if channel ~= '' and not (listener ~= '' and st[6] and st[5] == '1') then
		redis.call('SPUBLISH', channel, event)
	end
	return won
end

local out = {sec, usec}
for i = 1, #KEYS do
	local a = 2 + 8 * (i - 1)
	out[i + 2] = append(KEYS[i], ARGV[a], ARGV[a + 1], ARGV[a + 2], ARGV[a + 3],
		ARGV[a + 4], ARGV[a + 5], ARGV[a + 6], ARGV[a + 7])
end
return out
