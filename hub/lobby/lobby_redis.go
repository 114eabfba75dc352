package lobby

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/internal/rediserr"
	"github.com/solitaire-race/racer/internal/redismetrics"
	"github.com/solitaire-race/racer/internal/redisscript"
	"github.com/solitaire-race/racer/match"
)

// RedisConfig configures a Redis. Only Client is required; every
// other zero value means the default.
type RedisConfig struct {
	// Client is the Redis to use: a single server, Sentinel or Cluster.
	// Required. The lobby does not close it.
	Client redis.UniversalClient
	// Prefix starts every key. Default "racer:".
	Prefix string
	// RoomTTL expires a room this long after its last change, so that
	// rooms whose members all vanished with their node do not stay for
	// ever. Default 24 hours.
	RoomTTL time.Duration
	// VoteTTL expires a race's rematch votes this long after the last
	// one. Default one hour.
	VoteTTL time.Duration
	// Registerer receives racer_redis_command_seconds and
	// racer_redis_errors_total. Nil: no metrics.
	Registerer prometheus.Registerer
}

// Redis is a Lobby in Redis, shared by every node. Queues and rematch
// votes change in Lua scripts; a room is a JSON value changed under WATCH
// (optimistic transactions, retried when two nodes collide). Each key is
// alone in its hash slot, so Redis Cluster works.
//
// Errors from an unreachable Redis wrap ErrUnavailable. Unlike
// RedisStore's appends, Enqueue and VoteRematch are not made safe to
// retry after a lost reply. It is safe for concurrent use.
type Redis struct {
	c       redis.UniversalClient
	prefix  string
	roomTTL time.Duration
	voteTTL string // in ms, a script argument
	m       *redismetrics.Metrics
}

var _ Lobby = (*Redis)(nil)

var (
	//go:embed lobby_redis_enqueue.lua
	enqueueLua    string
	enqueueScript = redisscript.New(enqueueLua)
	//go:embed lobby_redis_dequeue.lua
	dequeueLua    string
	dequeueScript = redisscript.New(dequeueLua)
	//go:embed lobby_redis_touch.lua
	touchLua    string
	touchScript = redisscript.New(touchLua)
	//go:embed lobby_redis_vote.lua
	voteLua    string
	voteScript = redisscript.New(voteLua)
)

// roomAttempts bounds the optimistic retries of one room change.
const roomAttempts = 50

// NewRedis returns a lobby on cfg.Client.
func NewRedis(cfg RedisConfig) (*Redis, error) {
	if cfg.Client == nil {
		return nil, errors.New("lobby: RedisConfig.Client is nil")
	}
	if cfg.Prefix == "" {
		cfg.Prefix = "racer:"
	}
	if cfg.RoomTTL <= 0 {
		cfg.RoomTTL = 24 * time.Hour
	}
	if cfg.VoteTTL <= 0 {
		cfg.VoteTTL = time.Hour
	}
	m, err := redismetrics.New(cfg.Registerer)
	if err != nil {
		return nil, fmt.Errorf("lobby: redis metrics: %w", err)
	}
	return &Redis{c: cfg.Client, prefix: cfg.Prefix, roomTTL: cfg.RoomTTL,
		voteTTL: strconv.FormatInt(cfg.VoteTTL.Milliseconds(), 10), m: m}, nil
}

func (l *Redis) queueKey(profile string) string { return l.prefix + "queue:{" + profile + "}" }
func (l *Redis) roomKey(code string) string     { return l.prefix + "room:{" + code + "}" }
func (l *Redis) votesKey(race string) string    { return l.prefix + "rematch:{" + race + "}" }

func (l *Redis) fail(op string, err error) error {
	return rediserr.Wrap("lobby", op, err, ErrUnavailable)
}

// ttlArg is a TTL as a script argument: whole ms, at least 1; 0 for none.
func ttlArg(ttl time.Duration) int64 {
	if ttl <= 0 {
		return 0
	}
	return max(ttl.Milliseconds(), 1)
}

// Enqueue implements Lobby, as one Lua script. A waiting entry is the
// racer's JSON with "exp", its expiry in ms of Redis's clock; the queue's
// key expires with it. With ttl <= 0 the entry has no "exp" and waits for
// ever.
func (l *Redis) Enqueue(ctx context.Context, profile string, p match.Racer, ttl time.Duration) (match.Racer, bool, error) {
	return l.EnqueueApart(ctx, profile, p, ttl, nil)
}

// EnqueueApart implements Apart: Enqueue's script, given the players kept
// apart.
func (l *Redis) EnqueueApart(ctx context.Context, profile string, p match.Racer, ttl time.Duration, apart []string) (match.Racer, bool, error) {
	js, err := json.Marshal(p)
	if err != nil {
		return match.Racer{}, false, err
	}
	args := make([]any, 0, 3+len(apart))
	args = append(args, p.ID, js, ttlArg(ttl))
	for _, id := range apart {
		args = append(args, id)
	}
	start := time.Now()
	v, err := enqueueScript.Run(ctx, l.c, []string{l.queueKey(profile)}, args...).Text()
	if errors.Is(err, redis.Nil) {
		l.m.Observe("queue", start, false)
		return match.Racer{}, false, nil
	}
	l.m.Observe("queue", start, err != nil)
	if err != nil {
		return match.Racer{}, false, l.fail("enqueue", err)
	}
	var partner match.Racer
	if err := json.Unmarshal([]byte(v), &partner); err != nil {
		return match.Racer{}, false, fmt.Errorf("lobby: redis enqueue: bad entry %q: %w", v, err)
	}
	return partner, true, nil
}

// Dequeue implements Lobby.
func (l *Redis) Dequeue(ctx context.Context, profile, playerID string) (bool, error) {
	start := time.Now()
	n, err := dequeueScript.Run(ctx, l.c, []string{l.queueKey(profile)}, playerID).Int()
	l.m.Observe("queue", start, err != nil)
	if err != nil {
		return false, l.fail("dequeue", err)
	}
	return n == 1, nil
}

// Touch implements Lobby, as one Lua script per call.
func (l *Redis) Touch(ctx context.Context, profile string, playerIDs []string, ttl time.Duration) ([]string, error) {
	if len(playerIDs) == 0 {
		return nil, nil
	}
	args := make([]any, 0, len(playerIDs)+1)
	args = append(args, ttlArg(ttl))
	for _, id := range playerIDs {
		args = append(args, id)
	}
	start := time.Now()
	missing, err := touchScript.Run(ctx, l.c, []string{l.queueKey(profile)}, args...).StringSlice()
	l.m.Observe("queue", start, err != nil)
	if err != nil {
		return nil, l.fail("touch queue", err)
	}
	return missing, nil
}

// CreateRoom implements Lobby.
func (l *Redis) CreateRoom(ctx context.Context, r Room) (Room, error) {
	r = cloneRoom(&r)
	js, err := json.Marshal(r)
	if err != nil {
		return Room{}, err
	}
	start := time.Now()
	ok, err := l.c.SetNX(ctx, l.roomKey(r.Code), js, l.roomTTL).Result()
	l.m.Observe("room", start, err != nil)
	switch {
	case err != nil:
		return Room{}, l.fail("create room", err)
	case !ok:
		return Room{}, fmt.Errorf("%w: %s", ErrRoomExists, r.Code)
	}
	return r, nil
}

// errDeleteRoom, returned by a change, deletes the room.
var errDeleteRoom = errors.New("delete room")

// change applies fn to room code atomically: read under WATCH, write in
// MULTI, retried when another node changed the room meanwhile. fn returns
// an error to leave the room as it was, or errDeleteRoom to delete it.
func (l *Redis) change(ctx context.Context, op, code string, fn func(*Room) error) (Room, error) {
	key := l.roomKey(code)
	var out Room
	txf := func(tx *redis.Tx) error {
		js, err := tx.Get(ctx, key).Bytes()
		if errors.Is(err, redis.Nil) {
			return ErrRoomNotFound
		}
		if err != nil {
			return err
		}
		var r Room
		if err := json.Unmarshal(js, &r); err != nil {
			return fmt.Errorf("lobby: redis room %s: %w", code, err)
		}
		ferr := fn(&r)
		if ferr != nil && ferr != errDeleteRoom {
			return ferr
		}
		if js, err = json.Marshal(r); err != nil {
			return err
		}
		_, err = tx.TxPipelined(ctx, func(p redis.Pipeliner) error {
			if ferr == errDeleteRoom {
				p.Del(ctx, key)
			} else {
				p.Set(ctx, key, js, l.roomTTL)
			}
			return nil
		})
		out = r
		return err
	}
	start := time.Now()
	for range roomAttempts {
		err := l.c.Watch(ctx, txf, key)
		if errors.Is(err, redis.TxFailedErr) {
			continue
		}
		if err != nil && !isLobbyError(err) {
			l.m.Observe("room", start, true)
			return Room{}, l.fail(op, err)
		}
		l.m.Observe("room", start, false)
		return out, err
	}
	l.m.Observe("room", start, true)
	return Room{}, fmt.Errorf("%w: %s: room %s changed by others %d times in a row", ErrUnavailable, op, code, roomAttempts)
}

func isLobbyError(err error) bool {
	for _, e := range []error{ErrRoomNotFound, ErrRoomFull, ErrNotHost, ErrRoomTooSmall, ErrRoomStale, ErrNotMember} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// JoinRoom implements Lobby.
func (l *Redis) JoinRoom(ctx context.Context, code string, p match.Racer) (Room, error) {
	return l.change(ctx, "join room", code, func(r *Room) error {
		if slices.ContainsFunc(r.Members, func(m match.Racer) bool { return m.ID == p.ID }) {
			return nil
		}
		if len(r.Members) >= r.Max {
			return ErrRoomFull
		}
		r.Members = append(r.Members, p)
		return nil
	})
}

// LeaveRoom implements Lobby.
func (l *Redis) LeaveRoom(ctx context.Context, code, playerID string) (Room, error) {
	r, err := l.change(ctx, "leave room", code, func(r *Room) error {
		r.Members = slices.DeleteFunc(r.Members, func(m match.Racer) bool { return m.ID == playerID })
		r.forget(playerID)
		if len(r.Members) == 0 {
			return errDeleteRoom
		}
		if r.Host == playerID {
			r.Host = r.Members[0].ID
		}
		return nil
	})
	if err == nil && len(r.Members) == 0 {
		return Room{Code: code}, nil
	}
	return r, err
}

// Room implements Lobby.
func (l *Redis) Room(ctx context.Context, code string) (Room, error) {
	start := time.Now()
	js, err := l.c.Get(ctx, l.roomKey(code)).Bytes()
	if errors.Is(err, redis.Nil) {
		l.m.Observe("room", start, false)
		return Room{}, ErrRoomNotFound
	}
	l.m.Observe("room", start, err != nil)
	if err != nil {
		return Room{}, l.fail("room", err)
	}
	var r Room
	if err := json.Unmarshal(js, &r); err != nil {
		return Room{}, fmt.Errorf("lobby: redis room %s: %w", code, err)
	}
	return r, nil
}

// StartRoom implements Lobby: a compare-and-set of the room's race.
func (l *Redis) StartRoom(ctx context.Context, code, host, prev, race string) (Room, error) {
	return l.change(ctx, "start room", code, func(r *Room) error {
		switch {
		case r.Host != host:
			return ErrNotHost
		case len(r.Members) < MinRoomSize:
			return ErrRoomTooSmall
		case r.Race != prev:
			return ErrRoomStale
		}
		r.Race, r.Ready, r.Declined = race, nil, nil
		return nil
	})
}

// RematchRoom implements Lobby: the room changes as in StartRoom, under
// WATCH.
func (l *Redis) RematchRoom(ctx context.Context, code string, m Rematch) (Room, bool, error) {
	var started bool
	r, err := l.change(ctx, "rematch room", code, func(r *Room) error {
		var err error
		started, err = r.rematch(m)
		return err
	})
	if err != nil {
		return Room{}, false, err
	}
	return r, started, nil
}

// VoteRematch implements Lobby, as one Lua script.
func (l *Redis) VoteRematch(ctx context.Context, race, player string, need int) (bool, error) {
	start := time.Now()
	n, err := voteScript.Run(ctx, l.c, []string{l.votesKey(race)}, player, need, l.voteTTL).Int()
	l.m.Observe("rematch", start, err != nil)
	if err != nil {
		return false, l.fail("vote rematch", err)
	}
	return n == 1, nil
}
