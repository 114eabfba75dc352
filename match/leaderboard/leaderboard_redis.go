package leaderboard

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/internal/redisscript"
	"github.com/solitaire-race/racer/match/rating"
)

// RedisConfig configures a RedisStore.
type RedisConfig struct {
	// Client is the Redis connection: a single server, Sentinel or
	// Cluster. Required.
	Client redis.UniversalClient
	// Prefix starts every key. Default "racer:lb:". Each profile's keys
	// share the hash tag {profile}, so they sit in one Cluster slot and
	// Apply's transaction works on Cluster.
	Prefix string
	// MaxRetries is how many times Apply tries when a concurrent write
	// to the same ratings or marker aborts its transaction, with a random
	// backoff of up to 2^try ms (at most 64 ms) between tries. Default 32.
	MaxRetries int
	// AppliedTTL is how long a race's "applied" marker stays. A race can
	// be applied again only while some node still holds its hot state,
	// so a node sets it to its race store's hot TTL; 0 keeps markers for
	// good.
	AppliedTTL time.Duration
}

// RedisStore is a Store in Redis. Keys, under Prefix + "{profile}:":
//
//	rating:<player>       string, the player's rating as JSON
//	names                 hash, player → display name
//	board:<kind>:<bucket> sorted set, player → score
//	applied:<race>        string, the race's "applied" marker (AppliedTTL)
//	attempt:<day>         set of the players who started the day's challenge
//
// Day boards and attempt sets expire DayTTL after their day begins, week
// boards WeekTTL after their week; the rest stays. It is safe for
// concurrent use.
type RedisStore struct {
	c          redis.UniversalClient
	prefix     string
	tries      int
	appliedTTL time.Duration
}

var _ Store = (*RedisStore)(nil)

// NewRedisStore returns a RedisStore for cfg.
func NewRedisStore(cfg RedisConfig) (*RedisStore, error) {
	if cfg.Client == nil {
		return nil, errors.New("leaderboard: RedisConfig.Client is nil")
	}
	if cfg.Prefix == "" {
		cfg.Prefix = "racer:lb:"
	}
	if cfg.MaxRetries <= 0 {
		cfg.MaxRetries = 32
	}
	return &RedisStore{c: cfg.Client, prefix: cfg.Prefix, tries: cfg.MaxRetries, appliedTTL: max(cfg.AppliedTTL, 0)}, nil
}

func (s *RedisStore) key(profile, rest string) string {
	return s.prefix + "{" + profile + "}:" + rest
}

func (s *RedisStore) boardKey(b Board) string {
	return s.key(b.Profile, "board:"+string(b.Kind)+":"+b.Bucket())
}

// expiry returns when b's key expires, or the zero time for never.
func expiry(b Board) time.Time {
	switch b.Period {
	case Day:
		y, m, d := b.At.UTC().Date()
		return time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Add(DayTTL)
	case Week:
		y, m, d := b.At.UTC().Date()
		day := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
		back := (int(day.Weekday()) + 6) % 7 // days since Monday
		return day.AddDate(0, 0, -back).Add(WeekTTL)
	}
	return time.Time{}
}

// Apply implements Store with WATCH on the race's marker and the racers'
// rating keys, then MULTI/EXEC; a transaction aborted by a concurrent
// write is retried up to MaxRetries times, then ErrConflict.
func (s *RedisStore) Apply(ctx context.Context, u Update, rate RateFunc) (bool, error) {
	if err := CheckProfile(u.Profile); err != nil {
		return false, err
	}
	marker := s.key(u.Profile, "applied:"+u.Race)
	rkeys := make([]string, len(u.Rated))
	for i, p := range u.Rated {
		rkeys[i] = s.key(u.Profile, "rating:"+p)
	}
	watch := append([]string{marker}, rkeys...)
	for try := range s.tries {
		if try > 0 {
			if err := backoff(ctx, try); err != nil {
				return false, err
			}
		}
		applied := false
		err := s.c.Watch(ctx, func(tx *redis.Tx) error {
			n, err := tx.Exists(ctx, marker).Result()
			if err != nil || n > 0 {
				return err
			}
			var next map[string]rating.Rating
			if len(rkeys) > 0 {
				vals, err := tx.MGet(ctx, rkeys...).Result()
				if err != nil {
					return err
				}
				cur := make(map[string]rating.Rating, len(vals))
				for i, v := range vals {
					str, ok := v.(string)
					if !ok {
						continue
					}
					var r rating.Rating
					if err := json.Unmarshal([]byte(str), &r); err != nil {
						return fmt.Errorf("leaderboard: rating of %s: %w", u.Rated[i], err)
					}
					cur[u.Rated[i]] = r
				}
				next = rate(cur)
			}
			_, err = tx.TxPipelined(ctx, func(p redis.Pipeliner) error {
				return s.write(ctx, p, u, marker, rkeys, next)
			})
			applied = err == nil
			return err
		}, watch...)
		if errors.Is(err, redis.TxFailedErr) {
			continue
		}
		return applied, err
	}
	return false, fmt.Errorf("%w: race %s after %d tries", ErrConflict, u.Race, s.tries)
}

// backoff sleeps before retry number try: a random time up to 2^try ms,
// at most 64 ms, so that two nodes contending for the same keys do not
// collide again in step.
func backoff(ctx context.Context, try int) error {
	d := time.Duration(rand.Int64N(int64(time.Millisecond) << min(try, 6)))
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// write queues the writes of one applied race on p.
func (s *RedisStore) write(ctx context.Context, p redis.Pipeliner, u Update, marker string, rkeys []string, next map[string]rating.Rating) error {
	p.Set(ctx, marker, u.At.UTC().Format(time.RFC3339Nano), s.appliedTTL)
	rb := s.boardKey(Board{Profile: u.Profile, Kind: KindRating, Period: All})
	for i, id := range u.Rated {
		r, ok := next[id]
		if !ok {
			continue
		}
		b, err := json.Marshal(r)
		if err != nil {
			return err
		}
		p.Set(ctx, rkeys[i], b, 0)
		p.ZAdd(ctx, rb, redis.Z{Score: r.Rating, Member: id})
	}
	if len(u.Wins) > 0 {
		for _, per := range []Period{Day, Week, All} {
			b := Board{Profile: u.Profile, Kind: KindWins, Period: per, At: u.At}
			k := s.boardKey(b)
			for _, id := range u.Wins {
				p.ZIncrBy(ctx, k, 1, id)
			}
			if exp := expiry(b); !exp.IsZero() {
				p.ExpireAt(ctx, k, exp)
			}
		}
	}
	if len(u.Names) > 0 {
		p.HSet(ctx, s.key(u.Profile, "names"), u.Names)
	}
	return nil
}

// Ratings implements Store.
func (s *RedisStore) Ratings(ctx context.Context, profile string, players ...string) (map[string]rating.Rating, error) {
	if err := CheckProfile(profile); err != nil {
		return nil, err
	}
	out := map[string]rating.Rating{}
	if len(players) == 0 {
		return out, nil
	}
	keys := make([]string, len(players))
	for i, p := range players {
		keys[i] = s.key(profile, "rating:"+p)
	}
	vals, err := s.c.MGet(ctx, keys...).Result()
	if err != nil {
		return nil, err
	}
	for i, v := range vals {
		str, ok := v.(string)
		if !ok {
			continue
		}
		var r rating.Rating
		if err := json.Unmarshal([]byte(str), &r); err != nil {
			return nil, fmt.Errorf("leaderboard: rating of %s: %w", players[i], err)
		}
		out[players[i]] = r
	}
	return out, nil
}

// Top implements Store.
func (s *RedisStore) Top(ctx context.Context, b Board, n int) ([]Entry, error) {
	if err := b.Check(); err != nil {
		return nil, err
	}
	if n <= 0 {
		return []Entry{}, nil
	}
	k := s.boardKey(b)
	var zs []redis.Z
	var err error
	if b.Ascending() {
		zs, err = s.c.ZRangeWithScores(ctx, k, 0, int64(n-1)).Result()
	} else {
		zs, err = s.c.ZRevRangeWithScores(ctx, k, 0, int64(n-1)).Result()
	}
	if err != nil {
		return nil, err
	}
	return s.entries(ctx, b, 0, zs)
}

// entries turns a range starting at 0-based rank lo into entries with
// names.
func (s *RedisStore) entries(ctx context.Context, b Board, lo int, zs []redis.Z) ([]Entry, error) {
	out := make([]Entry, len(zs))
	if len(zs) == 0 {
		return out, nil
	}
	ids := make([]string, len(zs))
	for i, z := range zs {
		ids[i], _ = z.Member.(string)
		out[i] = Entry{Rank: lo + i + 1, Player: ids[i], Score: z.Score}
	}
	names, err := s.c.HMGet(ctx, s.key(b.Profile, "names"), ids...).Result()
	if err != nil {
		return nil, err
	}
	for i, v := range names {
		out[i].Name, _ = v.(string)
	}
	return out, nil
}

// aroundScript returns the 0-based rank of ARGV[2] on KEYS[1] and the
// members with scores from n before it to n after it, in one step.
// ARGV[1] is "1" for an ascending board.
var aroundScript = redisscript.New(`
local asc = ARGV[1] == "1"
local r = redis.call(asc and "ZRANK" or "ZREVRANK", KEYS[1], ARGV[2])
if not r then return false end
local n = tonumber(ARGV[3])
local lo = math.max(r - n, 0)
return {lo, redis.call(asc and "ZRANGE" or "ZREVRANGE", KEYS[1], lo, r + n, "WITHSCORES")}
`)

// Rank implements Store.
func (s *RedisStore) Rank(ctx context.Context, b Board, player string) (Entry, error) {
	es, err := s.Around(ctx, b, player, 0)
	if err != nil {
		return Entry{}, err
	}
	return es[0], nil
}

// Around implements Store.
func (s *RedisStore) Around(ctx context.Context, b Board, player string, n int) ([]Entry, error) {
	if err := b.Check(); err != nil {
		return nil, err
	}
	asc := "0"
	if b.Ascending() {
		asc = "1"
	}
	v, err := aroundScript.Run(ctx, s.c, []string{s.boardKey(b)}, asc, player, max(n, 0)).Slice()
	if errors.Is(err, redis.Nil) {
		return nil, ErrNotRanked
	}
	if err != nil {
		return nil, err
	}
	if len(v) != 2 {
		return nil, fmt.Errorf("leaderboard: around script answered %v", v)
	}
	lo, _ := v[0].(int64)
	flat, _ := v[1].([]any)
	zs := make([]redis.Z, 0, len(flat)/2)
	for i := 0; i+1 < len(flat); i += 2 {
		str, _ := flat[i+1].(string)
		sc, err := strconv.ParseFloat(str, 64)
		if err != nil {
			return nil, fmt.Errorf("leaderboard: score %q: %w", str, err)
		}
		zs = append(zs, redis.Z{Member: flat[i], Score: sc})
	}
	return s.entries(ctx, b, int(lo), zs)
}

// Count implements Store.
func (s *RedisStore) Count(ctx context.Context, b Board) (int, error) {
	if err := b.Check(); err != nil {
		return 0, err
	}
	n, err := s.c.ZCard(ctx, s.boardKey(b)).Result()
	return int(n), err
}

// StartDaily implements Store.
func (s *RedisStore) StartDaily(ctx context.Context, profile, day, player string) (bool, error) {
	b, err := dailyBoard(Daily{Profile: profile, Day: day})
	if err != nil {
		return false, err
	}
	k := s.key(profile, "attempt:"+day)
	var added *redis.IntCmd
	_, err = s.c.TxPipelined(ctx, func(p redis.Pipeliner) error {
		added = p.SAdd(ctx, k, player)
		p.ExpireAt(ctx, k, expiry(b))
		return nil
	})
	if err != nil {
		return false, err
	}
	return added.Val() == 1, nil
}

// ClaimDailyTry implements Store: one SET NX GET of "try checked", which
// expires with the day's board.
func (s *RedisStore) ClaimDailyTry(ctx context.Context, profile, day string, try int, checked bool) (int, bool, error) {
	b, err := dailyBoard(Daily{Profile: profile, Day: day})
	if err != nil {
		return 0, false, err
	}
	val := strconv.Itoa(try) + " 0"
	if checked {
		val = strconv.Itoa(try) + " 1"
	}
	old, err := s.c.SetArgs(ctx, s.key(profile, "try:"+day), val, redis.SetArgs{Mode: "NX", Get: true, ExpireAt: expiry(b)}).Result()
	switch {
	case errors.Is(err, redis.Nil): // none was recorded: ours is
		return try, checked, nil
	case err != nil:
		return 0, false, err
	}
	return parseDailyTry(old)
}

// parseDailyTry reads a claimed try's "try checked".
func parseDailyTry(v string) (int, bool, error) {
	ts, cs, ok := strings.Cut(v, " ")
	got, perr := strconv.Atoi(ts)
	if !ok || perr != nil || got < 0 {
		return 0, false, fmt.Errorf("leaderboard: bad daily try %q", v)
	}
	return got, cs == "1", nil
}

// DailyTry implements Store: one GET.
func (s *RedisStore) DailyTry(ctx context.Context, profile, day string) (int, bool, bool, error) {
	if _, err := dailyBoard(Daily{Profile: profile, Day: day}); err != nil {
		return 0, false, false, err
	}
	v, err := s.c.Get(ctx, s.key(profile, "try:"+day)).Result()
	switch {
	case errors.Is(err, redis.Nil):
		return 0, false, false, nil
	case err != nil:
		return 0, false, false, err
	}
	try, checked, err := parseDailyTry(v)
	return try, checked, err == nil, err
}

// RecordDaily implements Store.
func (s *RedisStore) RecordDaily(ctx context.Context, d Daily) (bool, error) {
	b, err := dailyBoard(d)
	if err != nil {
		return false, err
	}
	k := s.boardKey(b)
	var added *redis.IntCmd
	_, err = s.c.TxPipelined(ctx, func(p redis.Pipeliner) error {
		added = p.ZAddNX(ctx, k, redis.Z{Score: DailyScore(d.Time, d.Actions), Member: d.Player})
		p.ExpireAt(ctx, k, expiry(b))
		if d.Name != "" {
			p.HSet(ctx, s.key(d.Profile, "names"), d.Player, d.Name)
		}
		return nil
	})
	if err != nil {
		return false, err
	}
	return added.Val() == 1, nil
}
