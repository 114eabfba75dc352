package match

import (
	"cmp"
	"context"
	"crypto/rand"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/internal/rediserr"
	"github.com/solitaire-race/racer/internal/redismetrics"
	"github.com/solitaire-race/racer/internal/redisscript"
)

// RedisStoreConfig configures a RedisStore. Only Client is required; every
// other zero value means the default.
type RedisStoreConfig struct {
	// Client is the Redis to use: a single server, Sentinel or Cluster.
	// Required. The store does not close it.
	Client redis.UniversalClient
	// Prefix starts every key. It must not contain '{'. Default "racer:".
	Prefix string
	// HotTTL is how long a finished race's hot state (logs, epochs) stays
	// after Finish. Its result stays for ResultTTL. Default
	// DefaultRedisHotTTL.
	HotTTL time.Duration
	// IdleTTL expires a race that is never finished, counted from its
	// last creation, join or append (an append sets it again only once a
	// sixteenth of it has passed since it was set, so a race lasts at
	// least 15/16 of it after its last append). Default 24 hours. A player's index of
	// live races (LiveFor) lasts at least IdleTTL + Countdown + TimeLimit
	// after the creation of each of their races: a race kept alive longer
	// than that (no time limit, or joined and moved in long after its
	// time limit with no node finishing it) may drop out of LiveFor; Live
	// still lists it.
	IdleTTL time.Duration
	// ResultTTL is how long a race's result stays; 0 means for ever.
	ResultTTL time.Duration
	// Registerer receives racer_redis_command_seconds and
	// racer_redis_errors_total. Nil: no metrics.
	Registerer prometheus.Registerer
	// AppendPipelines is how many pipelines of appends may be in flight
	// at once. Appends that arrive while all are in flight wait and go
	// together in the next one, so a busy node pays one round trip for
	// many moves. Default 1: on a 2-core box one flight batched the most
	// (a Cluster client splits each pipeline by node and sends the parts
	// at once).
	AppendPipelines int
	// AppendBatch is the most appends sent in one pipeline: one run of
	// the append script on a single Redis, one run per race on a
	// Cluster. Default 256.
	AppendBatch int
	// AppendWait paces the pipelines of appends while appends keep
	// coming: one takes off at most once an AppendWait, with every append
	// that came meanwhile (store_batch_redis.go). It adds at most that to
	// a move's latency and saves Redis and the node a wake-up for each
	// append that shares. An append after a quiet spell (AppendWait since
	// the latest takeoff) goes out at once. Default 0: none.
	AppendWait time.Duration
}

// DefaultRedisHotTTL is RedisStoreConfig.HotTTL's default.
const DefaultRedisHotTTL = time.Hour

// RedisStore is a Store in Redis, shared by every node. Each race's keys
// share one hash slot ({ID}), so Redis Cluster works: the race's hash
// holds the race, the epochs, the logs and the win; a result hash holds
// the result and outlives it. Each method is one atomic step (a Lua script
// or a MULTI), and every time comes from Redis's TIME. The indexes of live
// races (all of them for Live, each player's for LiveFor) are keys of
// their own, written after those steps and checked when read
// (store_live_redis.go).
//
// A command whose reply was lost may have run: go-redis retries on a
// broken connection, and a caller may retry after ErrUnavailable. So a
// retried Append (same seq, epoch and action as the log's last entry) and
// a retried CreateRace (the same Race value, random nonce included) return
// what the first attempt stored instead of an error; an action is never
// logged twice. Finish is safe to retry within one call (go-redis's
// retries), but a caller that retries Finish after ErrUnavailable may get
// first = false for a result its own first attempt stored: whatever must
// happen once per race (ratings) should be keyed on the race's ID.
//
// Errors from an unreachable, loading or read-only Redis wrap
// ErrUnavailable. It is safe for concurrent use.
type RedisStore struct {
	c       redis.UniversalClient
	prefix  string
	hotTTL  string // in ms, as script arguments
	idleTTL string
	idle    time.Duration
	resTTL  string
	m       *redismetrics.Metrics
	appendM *redismetrics.Command // m's append series
	appends *appendBatcher
}

var _ Store = (*RedisStore)(nil)

var (
	//go:embed store_redis_create.lua
	createLua    string
	createScript = redisscript.New(createLua)
	//go:embed store_redis_join.lua
	joinLua    string
	joinScript = redisscript.New(joinLua)
	//go:embed store_redis_append.lua
	appendLua    string
	appendScript = redisscript.New(appendLua)
	//go:embed store_redis_finish.lua
	finishLua    string
	finishScript = redisscript.New(finishLua)
	//go:embed store_redis_index.lua
	indexLua string
)

// NewRedisStore returns a store on cfg.Client.
func NewRedisStore(cfg RedisStoreConfig) (*RedisStore, error) {
	if cfg.Client == nil {
		return nil, errors.New("match: RedisStoreConfig.Client is nil")
	}
	if cfg.Prefix == "" {
		cfg.Prefix = "racer:"
	}
	if strings.ContainsAny(cfg.Prefix, "{}") {
		return nil, fmt.Errorf("match: Redis key prefix %q contains a brace", cfg.Prefix)
	}
	if cfg.HotTTL <= 0 {
		cfg.HotTTL = DefaultRedisHotTTL
	}
	if cfg.IdleTTL <= 0 {
		cfg.IdleTTL = 24 * time.Hour
	}
	m, err := redismetrics.New(cfg.Registerer)
	if err != nil {
		return nil, fmt.Errorf("match: redis metrics: %w", err)
	}
	if cfg.AppendPipelines <= 0 {
		cfg.AppendPipelines = 1
	}
	if cfg.AppendBatch <= 0 {
		cfg.AppendBatch = 256
	}
	ms := func(d time.Duration) string { return strconv.FormatInt(d.Milliseconds(), 10) }
	s := &RedisStore{
		c: cfg.Client, prefix: cfg.Prefix, m: m,
		hotTTL: ms(cfg.HotTTL), idleTTL: ms(cfg.IdleTTL), idle: cfg.IdleTTL, resTTL: ms(max(cfg.ResultTTL, 0)),
	}
	s.appendM = m.Command("append")
	_, cluster := cfg.Client.(*redis.ClusterClient)
	s.appends = &appendBatcher{s: s, flights: cfg.AppendPipelines, maxBatch: cfg.AppendBatch, wait: max(cfg.AppendWait, 0), cluster: cluster}
	return s, nil
}

// Keys of a race: its hash and its result hash, in the race's hash slot.
func (s *RedisStore) keys(race string) []string {
	hot := s.hotKey(race)
	return []string{hot, hot + ":result"}
}

// hotKey is the race's hash: the race, epochs, logs and the win.
func (s *RedisStore) hotKey(race string) string { return s.prefix + "race:{" + race + "}" }

// fail counts a failed command and wraps err: ErrUnavailable for a Redis
// that cannot answer now (the caller may retry), the context's error when
// the caller gave up.
func (s *RedisStore) fail(op string, err error) error {
	if errors.Is(err, context.Canceled) {
		return err
	}
	if rediserr.Unavailable(err) {
		return fmt.Errorf("%w: %s: %w", ErrUnavailable, op, err)
	}
	return fmt.Errorf("match: redis %s: %w", op, err)
}

func (s *RedisStore) run(ctx context.Context, op string, sc *redis.Script, keys []string, args ...any) ([]any, error) {
	start := time.Now()
	v, err := sc.Run(ctx, s.c, keys, args...).Slice()
	s.m.Observe(op, start, err != nil)
	if err != nil {
		return nil, s.fail(op, err)
	}
	if len(v) == 0 {
		return nil, fmt.Errorf("match: redis %s: empty reply", op)
	}
	return v, nil
}

// parseTime reads "sec usec", as stored from TIME.
func parseTime(v any) (time.Time, error) {
	str, _ := v.(string)
	sec, usec, ok := strings.Cut(str, " ")
	if !ok {
		return time.Time{}, fmt.Errorf("match: redis: bad time %q", str)
	}
	return parseSecUsec(sec, usec)
}

// parseSecUsec reads the two numbers of Redis's TIME.
func parseSecUsec(sec, usec string) (time.Time, error) {
	a, err1 := strconv.ParseInt(sec, 10, 64)
	b, err2 := strconv.ParseInt(usec, 10, 64)
	if err1 != nil || err2 != nil {
		return time.Time{}, fmt.Errorf("match: redis: bad time %q %q", sec, usec)
	}
	return time.Unix(a, b*1000), nil
}

func token() string { return rand.Text() }

// CreateRace implements Store.
func (s *RedisStore) CreateRace(ctx context.Context, r Race) (Race, error) {
	// The race as given identifies this call: a retry of it (same ID,
	// same random nonce, same zero times) finds its own race.
	given, err := json.Marshal(r)
	if err != nil {
		return Race{}, fmt.Errorf("match: encode race: %w", err)
	}
	r = cloneRace(r)
	r.CreatedAt, r.StartAt = time.Time{}, time.Time{}
	js, err := json.Marshal(r)
	if err != nil {
		return Race{}, fmt.Errorf("match: encode race: %w", err)
	}
	args := make([]any, 0, 3+len(r.Racers))
	args = append(args, js, given, s.idleTTL)
	for _, x := range r.Racers {
		args = append(args, x.ID)
	}
	v, err := s.run(ctx, "create", createScript, s.keys(r.ID), args...)
	if err != nil {
		return Race{}, err
	}
	if code, _ := v[0].(int64); code != 1 || len(v) < 2 {
		return Race{}, fmt.Errorf("%w: %s", ErrExists, r.ID)
	}
	if r.CreatedAt, err = parseTime(v[1]); err != nil {
		return Race{}, err
	}
	r.StartAt = r.CreatedAt.Add(r.Countdown)
	if err := s.index(ctx, r); err != nil {
		// Without its index entries no node would ever find the race
		// again to end it, nor its racers to resume it; take it back, as
		// well as Redis lets us (Live and LiveFor drop the entries).
		dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
		s.c.Del(dctx, s.keys(r.ID)...)
		cancel()
		return Race{}, s.fail("create", err)
	}
	return r, nil
}

// Join implements Store.
func (s *RedisStore) Join(ctx context.Context, race, racer string) (uint64, error) {
	if racer == "" {
		return 0, ErrNotRacer
	}
	start := time.Now()
	e, err := joinScript.Run(ctx, s.c, s.keys(race)[:1], racer, s.idleTTL).Int64()
	s.m.Observe("join", start, err != nil)
	switch {
	case err != nil:
		return 0, s.fail("join", err)
	case e == -1:
		return 0, fmt.Errorf("%w: %s", ErrNotFound, race)
	case e < 0:
		return 0, ErrNotRacer
	}
	return uint64(e), nil
}

// Append implements Store, as one Lua script (store_redis_append.lua).
// Concurrent appends share script runs (see RedisStoreConfig.AppendBatch);
// each gets its own reply from the run.
func (s *RedisStore) Append(ctx context.Context, a Append) (Appended, error) {
	if a.Racer == "" {
		return Appended{}, ErrNotRacer
	}
	win := "0"
	if a.Win {
		win = "1"
	}
	v, err := s.appends.run(ctx, []string{s.hotKey(a.Race)},
		[]any{s.idleTTL, a.Racer, a.Seq, a.Epoch, a.Action, win, a.Channel, a.Event, a.Listener})
	if err != nil {
		return Appended{}, s.fail("append", err)
	}
	if len(v) == 0 {
		return Appended{}, fmt.Errorf("match: redis append: empty reply")
	}
	switch code, _ := v[0].(int64); code {
	case 0:
		if len(v) < 4 {
			break
		}
		sec, _ := v[1].(string)
		usec, _ := v[2].(string)
		at, err := parseSecUsec(sec, usec)
		if err != nil {
			return Appended{}, err
		}
		won, _ := v[3].(int64)
		var again int64
		if len(v) > 4 {
			again, _ = v[4].(int64)
		}
		return Appended{At: at, Winner: won == 1, Again: again == 1}, nil
	case 1:
		// No race in the hash: its result tells a finished race, whose
		// hot state expired, from an unknown one.
		n, err := s.c.Exists(ctx, s.keys(a.Race)[1]).Result()
		if err != nil {
			return Appended{}, s.fail("append", err)
		}
		if n == 1 {
			return Appended{}, ErrFinished
		}
		return Appended{}, fmt.Errorf("%w: %s", ErrNotFound, a.Race)
	case 2:
		return Appended{}, ErrNotRacer
	case 3:
		return Appended{}, ErrFinished
	case 4:
		return Appended{}, ErrStaleEpoch
	case 5:
		if len(v) < 2 {
			break
		}
		next, _ := v[1].(int64)
		return Appended{}, &SeqError{Got: a.Seq, Next: uint64(next)}
	}
	return Appended{}, fmt.Errorf("match: redis append: unexpected reply %v", v)
}

// Load implements Store: one MULTI reads the race's hash and its result.
func (s *RedisStore) Load(ctx context.Context, race string) (Snapshot, error) {
	keys := s.keys(race)
	var hot, res *redis.MapStringStringCmd
	start := time.Now()
	_, err := s.c.TxPipelined(ctx, func(p redis.Pipeliner) error {
		hot = p.HGetAll(ctx, keys[0])
		res = p.HGetAll(ctx, keys[1])
		return nil
	})
	s.m.Observe("load", start, err != nil)
	if err != nil {
		return Snapshot{}, s.fail("load", err)
	}
	h, rh := hot.Val(), res.Val()
	if len(h) == 0 && len(rh) == 0 {
		return Snapshot{}, fmt.Errorf("%w: %s", ErrNotFound, race)
	}
	if len(h) == 0 { // hot state expired: the result hash keeps the race
		h = rh
	}
	snap := Snapshot{Logs: map[string][]Entry{}, Epochs: map[string]uint64{}, Winner: h["winner"]}
	if snap.Race, err = decodeRace(h["race"], h["created"]); err != nil {
		return Snapshot{}, err
	}
	for f, v := range h {
		switch {
		case strings.HasPrefix(f, "e:"):
			e, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return Snapshot{}, fmt.Errorf("match: redis load: bad epoch %q", v)
			}
			if e > 0 {
				snap.Epochs[f[2:]] = e
			}
		case strings.HasPrefix(f, "l:"):
			racer, en, err := decodeEntry(f[2:], v)
			if err != nil {
				return Snapshot{}, err
			}
			snap.Logs[racer] = append(snap.Logs[racer], en)
		}
	}
	for _, log := range snap.Logs {
		slices.SortFunc(log, func(a, b Entry) int { return cmp.Compare(a.Seq, b.Seq) })
	}
	if len(rh) > 0 {
		r, err := decodeResult(rh["at"], rh["result"])
		if err != nil {
			return Snapshot{}, err
		}
		snap.Result = &r
	}
	return snap, nil
}

func decodeRace(js, created string) (Race, error) {
	var r Race
	if err := json.Unmarshal([]byte(js), &r); err != nil {
		return Race{}, fmt.Errorf("match: redis: decode race: %w", err)
	}
	at, err := parseTime(created)
	if err != nil {
		return Race{}, err
	}
	r.CreatedAt, r.StartAt = at, at.Add(r.Countdown)
	return r, nil
}

// decodeEntry reads field "<racer>:<seq>" and value "sec usec epoch action".
func decodeEntry(field, v string) (string, Entry, error) {
	i := strings.LastIndexByte(field, ':')
	seq, err := strconv.ParseUint(field[i+1:], 10, 64)
	sec, rest, ok1 := strings.Cut(v, " ")
	usec, rest, ok2 := strings.Cut(rest, " ")
	_, action, ok3 := strings.Cut(rest, " ") // after the epoch
	if i < 0 || err != nil || !ok1 || !ok2 || !ok3 {
		return "", Entry{}, fmt.Errorf("match: redis: bad log entry %q = %q", field, v)
	}
	at, err := parseSecUsec(sec, usec)
	if err != nil {
		return "", Entry{}, err
	}
	return field[:i], Entry{Seq: seq, Action: action, At: at}, nil
}

func decodeResult(at, js string) (Result, error) {
	var r Result
	if err := json.Unmarshal([]byte(js), &r); err != nil {
		return Result{}, fmt.Errorf("match: redis: decode result: %w", err)
	}
	t, err := parseTime(at)
	if err != nil {
		return Result{}, err
	}
	r.FinishedAt = t
	return r, nil
}

// Finish implements Store.
func (s *RedisStore) Finish(ctx context.Context, race string, r Result) (Result, bool, error) {
	r = cloneResult(r)
	r.Race, r.FinishedAt = race, time.Time{}
	js, err := json.Marshal(r)
	if err != nil {
		return Result{}, false, fmt.Errorf("match: encode result: %w", err)
	}
	tok := token()
	v, err := s.run(ctx, "finish", finishScript, s.keys(race), js, tok, s.hotTTL, s.resTTL)
	if err != nil {
		return Result{}, false, err
	}
	if code, _ := v[0].(int64); code == -1 {
		return Result{}, false, fmt.Errorf("%w: %s", ErrNotFound, race)
	}
	if len(v) < 4 {
		return Result{}, false, fmt.Errorf("match: redis finish: unexpected reply %v", v)
	}
	stok, _ := v[1].(string)
	at, _ := v[2].(string)
	rjs, _ := v[3].(string)
	stored, err := decodeResult(at, rjs)
	if err != nil {
		return Result{}, false, err
	}
	var racers []Racer
	if len(v) > 4 {
		js, _ := v[4].(string)
		var rr Race
		if json.Unmarshal([]byte(js), &rr) == nil {
			racers = rr.Racers
		}
	}
	s.unindex(ctx, race, racers)
	return stored, stok == tok, nil
}

// Now implements Store: Redis's TIME.
func (s *RedisStore) Now(ctx context.Context) (time.Time, error) {
	start := time.Now()
	t, err := s.c.Time(ctx).Result()
	s.m.Observe("time", start, err != nil)
	if err != nil {
		return time.Time{}, s.fail("time", err)
	}
	return t, nil
}
