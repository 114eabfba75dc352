package arena

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/internal/rediserr"
	"github.com/solitaire-race/racer/internal/redisscript"
)

// ErrUnavailable wraps the errors of an unreachable Redis.
var ErrUnavailable = errors.New("arena: store unavailable")

// RedisConfig configures a Redis store. Only Client is required.
type RedisConfig struct {
	// Client is the Redis to use: a single server, Sentinel or Cluster.
	Client redis.UniversalClient
	// Prefix starts every key. Default "racer:".
	Prefix string
	// Keep is how long an arena's keys stay after its end. Default 7
	// days.
	Keep time.Duration
}

// Redis is a Store in Redis, shared by every node. An arena's keys share
// one hash slot ({ID}): its hash (the arena, its end and expiry), its
// players (a hash of JSON), its ranking (a sorted set: points × 10000 +
// performance), its recorded results (a hash by race ID, so a race is
// scored once) and its pairing lease. Joins, pairing and recording are
// Lua scripts on Redis's clock. The list of arenas is a sorted set by
// end. It is safe for concurrent use.
type Redis struct {
	c      redis.UniversalClient
	prefix string
	keep   time.Duration
}

var _ Store = (*Redis)(nil)

var (
	//go:embed store_redis_join.lua
	joinLua    string
	joinScript = redisscript.New(joinLua)
	//go:embed store_redis_flag.lua
	flagLua    string
	flagScript = redisscript.New(flagLua)
	//go:embed store_redis_lease.lua
	leaseLua    string
	leaseScript = redisscript.New(leaseLua)
	//go:embed store_redis_take.lua
	takeLua    string
	takeScript = redisscript.New(takeLua)
	//go:embed store_redis_release.lua
	releaseLua    string
	releaseScript = redisscript.New(releaseLua)
	//go:embed store_redis_standing.lua
	standingLua    string
	standingScript = redisscript.New(standingLua)
	//go:embed store_redis_record.lua
	recordLua    string
	recordScript = redisscript.New(recordLua)
)

// NewRedis returns a store on cfg.Client.
func NewRedis(cfg RedisConfig) (*Redis, error) {
	if cfg.Client == nil {
		return nil, errors.New("arena: RedisConfig.Client is nil")
	}
	if cfg.Prefix == "" {
		cfg.Prefix = "racer:"
	}
	if strings.ContainsAny(cfg.Prefix, "{}") {
		return nil, fmt.Errorf("arena: Redis key prefix %q contains a brace", cfg.Prefix)
	}
	if cfg.Keep <= 0 {
		cfg.Keep = 7 * 24 * time.Hour
	}
	return &Redis{c: cfg.Client, prefix: cfg.Prefix, keep: cfg.Keep}, nil
}

func (s *Redis) key(id, part string) string { return s.prefix + "arena:{" + id + "}" + part }
func (s *Redis) index() string              { return s.prefix + "arenas" }

func (s *Redis) fail(op string, err error) error {
	if errors.Is(err, ErrNotFound) {
		return err
	}
	return rediserr.Wrap("arena", op, err, ErrUnavailable)
}

// Create implements Store.
func (s *Redis) Create(ctx context.Context, a Arena) error {
	js, err := json.Marshal(a)
	if err != nil {
		return err
	}
	k := s.key(a.ID, "")
	set, err := s.c.HSetNX(ctx, k, "a", js).Result()
	if err != nil {
		return s.fail("create", err)
	}
	if !set {
		// A retry of the same creation (a lost reply, another node's
		// schedule) still makes sure the arena is listed.
		if old, err := s.c.HGet(ctx, k, "a").Result(); err != nil || old != string(js) {
			return ErrExists
		}
	} else {
		exp := a.End().Add(s.keep).UnixMilli()
		rated := "0"
		if a.Rated {
			rated = "1"
		}
		_, err = s.c.TxPipelined(ctx, func(p redis.Pipeliner) error {
			p.HSet(ctx, k, "end", a.End().UnixMilli(), "rated", rated, "exp", exp)
			p.PExpireAt(ctx, k, time.UnixMilli(exp))
			return nil
		})
		if err != nil {
			return s.fail("create", err)
		}
	}
	if err := s.c.ZAdd(ctx, s.index(), redis.Z{Score: float64(a.End().UnixMilli()), Member: a.ID}).Err(); err != nil {
		return s.fail("create", err)
	}
	if !set {
		return ErrExists
	}
	return nil
}

// Get implements Store.
func (s *Redis) Get(ctx context.Context, id string) (Arena, error) {
	js, err := s.c.HGet(ctx, s.key(id, ""), "a").Result()
	if errors.Is(err, redis.Nil) {
		return Arena{}, fmt.Errorf("%w: %q", ErrNotFound, id)
	}
	if err != nil {
		return Arena{}, s.fail("get", err)
	}
	var a Arena
	if err := json.Unmarshal([]byte(js), &a); err != nil {
		return Arena{}, fmt.Errorf("arena: stored arena %s: %w", id, err)
	}
	return a, nil
}

// List implements Store. It also drops the arenas past their keeping
// time from the list.
func (s *Redis) List(ctx context.Context, since time.Time, limit int) ([]Arena, error) {
	s.dropOld(ctx)
	ids, err := s.c.ZRangeByScore(ctx, s.index(), &redis.ZRangeBy{
		Min: strconv.FormatInt(since.UnixMilli(), 10), Max: "+inf", Count: MaxListed}).Result()
	if err != nil {
		return nil, s.fail("list", err)
	}
	out, err := s.getAll(ctx, ids)
	if err != nil {
		return nil, err
	}
	sortArenas(out)
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// Finished implements Store. It also drops the arenas past their
// keeping time from the list.
func (s *Redis) Finished(ctx context.Context, before time.Time, limit int) ([]Arena, error) {
	if limit <= 0 || limit > MaxListed {
		limit = MaxListed
	}
	s.dropOld(ctx)
	ids, err := s.c.ZRevRangeByScore(ctx, s.index(), &redis.ZRangeBy{
		Min: "-inf", Max: "(" + strconv.FormatInt(before.UnixMilli(), 10), Count: int64(limit)}).Result()
	if err != nil {
		return nil, s.fail("list", err)
	}
	return s.getAll(ctx, ids)
}

// dropOld drops the arenas past their keeping time from the list (their
// keys expire on their own).
func (s *Redis) dropOld(ctx context.Context) {
	old := strconv.FormatInt(time.Now().Add(-s.keep).UnixMilli(), 10)
	_ = s.c.ZRemRangeByScore(ctx, s.index(), "-inf", "("+old).Err()
}

// getAll returns the arenas of ids, in their order, leaving out those
// whose keys are gone.
func (s *Redis) getAll(ctx context.Context, ids []string) ([]Arena, error) {
	out := make([]Arena, 0, len(ids))
	for _, id := range ids {
		a, err := s.Get(ctx, id)
		if errors.Is(err, ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// Join implements Store.
func (s *Redis) Join(ctx context.Context, id string, e Entrant) error {
	bot := "0"
	if e.Bot {
		bot = "1"
	}
	r, err := joinScript.Run(ctx, s.c, []string{s.key(id, ""), s.key(id, ":players"), s.key(id, ":rank")},
		e.ID, e.Name, bot, MaxPlayers).Text()
	if err != nil {
		return s.fail("join", err)
	}
	switch r {
	case "ok":
		return nil
	case "notfound":
		return fmt.Errorf("%w: %q", ErrNotFound, id)
	case "finished":
		return ErrFinished
	case "botrated":
		return ErrBotRated
	case "full":
		return ErrFull
	}
	return fmt.Errorf("arena: join: unexpected reply %q", r)
}

func (s *Redis) flag(ctx context.Context, id, player, field string, v bool) error {
	val := "0"
	if v {
		val = "1"
	}
	n, err := flagScript.Run(ctx, s.c, []string{s.key(id, ":players")}, player, field, val).Int()
	if err != nil {
		return s.fail("set "+field, err)
	}
	if n == 0 {
		return ErrNotJoined
	}
	return nil
}

// SetPaused implements Store.
func (s *Redis) SetPaused(ctx context.Context, id, player string, paused bool) error {
	return s.flag(ctx, id, player, "paused", paused)
}

// Withdraw implements Store.
func (s *Redis) Withdraw(ctx context.Context, id, player string) error {
	return s.flag(ctx, id, player, "wd", true)
}

// redisPlayer is a Player as the scripts keep it: times in ms of
// Redis's clock, Last joined by commas.
type redisPlayer struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Bot       bool   `json:"bot"`
	Points    int    `json:"pts"`
	Races     int    `json:"races"`
	Wins      int    `json:"wins"`
	Streak    int    `json:"streak"`
	Cards     int    `json:"cards"`
	Joined    int64  `json:"joined"`
	Paused    bool   `json:"paused"`
	Withdrawn bool   `json:"wd"`
	Race      string `json:"race"`
	RaceAt    int64  `json:"race_at"`
	Ready     int64  `json:"ready"`
	Last      string `json:"last"`
}

func (r redisPlayer) player() Player {
	p := Player{
		Entrant:  Entrant{ID: r.ID, Name: r.Name, Bot: r.Bot},
		Score:    Score{Points: r.Points, Races: r.Races, Wins: r.Wins, Streak: r.Streak, Cards: r.Cards},
		JoinedAt: time.UnixMilli(r.Joined), Paused: r.Paused, Withdrawn: r.Withdrawn, Race: r.Race,
		Ready: time.UnixMilli(r.Ready),
	}
	if r.RaceAt != 0 {
		p.RaceAt = time.UnixMilli(r.RaceAt)
	}
	if r.Last != "" {
		p.Last = strings.Split(r.Last, ",")
	}
	return p
}

func decodePlayer(raw string) (Player, error) {
	var r redisPlayer
	// cjson writes whole numbers of ms as integers below 10^14.
	if err := json.Unmarshal([]byte(raw), &r); err != nil {
		return Player{}, fmt.Errorf("arena: stored player: %w", err)
	}
	return r.player(), nil
}

// Players implements Store.
func (s *Redis) Players(ctx context.Context, id string) ([]Player, error) {
	m, err := s.c.HGetAll(ctx, s.key(id, ":players")).Result()
	if err != nil {
		return nil, s.fail("players", err)
	}
	out := make([]Player, 0, len(m))
	for _, raw := range m {
		p, err := decodePlayer(raw)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	sortPlayers(out)
	return out, nil
}

func sortPlayers(ps []Player) {
	slices.SortFunc(ps, func(a, b Player) int {
		if c := a.JoinedAt.Compare(b.JoinedAt); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
}

// Top implements Store: the sorted set gives the best limit players.
func (s *Redis) Top(ctx context.Context, id string, limit int) ([]Standing, error) {
	stop := int64(-1)
	if limit > 0 {
		stop = int64(limit - 1)
	}
	ids, err := s.c.ZRevRange(ctx, s.key(id, ":rank"), 0, stop).Result()
	if err != nil {
		return nil, s.fail("top", err)
	}
	if len(ids) == 0 {
		return nil, nil
	}
	raws, err := s.c.HMGet(ctx, s.key(id, ":players"), ids...).Result()
	if err != nil {
		return nil, s.fail("top", err)
	}
	var ps []Player
	for _, v := range raws {
		raw, ok := v.(string)
		if !ok {
			continue
		}
		p, err := decodePlayer(raw)
		if err != nil {
			return nil, err
		}
		ps = append(ps, p)
	}
	return Standings(ps), nil
}

// Standing implements Store: the player's rank is one more than the
// players whose ranking score (points and performance) is higher.
func (s *Redis) Standing(ctx context.Context, id, player string) (Standing, int, error) {
	r, err := standingScript.Run(ctx, s.c, []string{s.key(id, ":players"), s.key(id, ":rank")}, player).Slice()
	if errors.Is(err, redis.Nil) {
		return Standing{}, 0, ErrNotJoined
	}
	if err != nil {
		return Standing{}, 0, s.fail("standing", err)
	}
	raw, _ := r[0].(string)
	above, _ := r[1].(int64)
	n, _ := r[2].(int64)
	p, err := decodePlayer(raw)
	if err != nil {
		return Standing{}, 0, err
	}
	st := Standings([]Player{p})[0]
	st.Rank = int(above) + 1
	return st, int(n), nil
}

// Lease implements Store.
func (s *Redis) Lease(ctx context.Context, id, holder string, ttl time.Duration) (bool, error) {
	n, err := leaseScript.Run(ctx, s.c, []string{s.key(id, ":lease")}, holder, max(ttl.Milliseconds(), 1)).Int()
	if err != nil {
		return false, s.fail("lease", err)
	}
	return n == 1, nil
}

// Take implements Store.
func (s *Redis) Take(ctx context.Context, id, holder string, groups []Group) ([]string, error) {
	if len(groups) == 0 {
		return nil, nil
	}
	args := []any{holder}
	for _, g := range groups {
		args = append(args, g.Race, len(g.Players))
		for _, p := range g.Players {
			args = append(args, p)
		}
	}
	taken, err := takeScript.Run(ctx, s.c, []string{s.key(id, ""), s.key(id, ":players"), s.key(id, ":lease")}, args...).StringSlice()
	if err != nil {
		return nil, s.fail("take", err)
	}
	return taken, nil
}

// Release implements Store.
func (s *Redis) Release(ctx context.Context, id, race string) error {
	if err := releaseScript.Run(ctx, s.c, []string{s.key(id, ":players")}, race).Err(); err != nil {
		return s.fail("release", err)
	}
	return nil
}

// Record implements Store.
func (s *Redis) Record(ctx context.Context, id string, r RaceResult, pause time.Duration) (bool, error) {
	js, err := json.Marshal(r)
	if err != nil {
		return false, err
	}
	args := []any{r.Race, js, pause.Milliseconds()}
	for _, o := range r.Outcomes {
		won := "0"
		if o.Won() {
			won = "1"
		}
		args = append(args, o.Player, Points(o.Place, len(r.Outcomes), o.Resigned), won, o.Cards)
	}
	n, err := recordScript.Run(ctx, s.c, []string{s.key(id, ""), s.key(id, ":players"), s.key(id, ":rank"), s.key(id, ":results")}, args...).Int()
	if err != nil {
		return false, s.fail("record", err)
	}
	return n == 1, nil
}

// Results implements Store.
func (s *Redis) Results(ctx context.Context, id string) ([]RaceResult, error) {
	m, err := s.c.HGetAll(ctx, s.key(id, ":results")).Result()
	if err != nil {
		return nil, s.fail("results", err)
	}
	out := make([]RaceResult, 0, len(m))
	for _, raw := range m {
		var r RaceResult
		if err := json.Unmarshal([]byte(raw), &r); err != nil {
			return nil, fmt.Errorf("arena: stored result: %w", err)
		}
		out = append(out, r)
	}
	sortResults(out)
	return out, nil
}

func sortResults(rs []RaceResult) {
	slices.SortFunc(rs, func(a, b RaceResult) int {
		if c := a.FinishedAt.Compare(b.FinishedAt); c != 0 {
			return c
		}
		return strings.Compare(a.Race, b.Race)
	})
}

// Now implements Store: Redis's clock.
func (s *Redis) Now(ctx context.Context) (time.Time, error) {
	t, err := s.c.Time(ctx).Result()
	if err != nil {
		return time.Time{}, s.fail("time", err)
	}
	return t, nil
}
