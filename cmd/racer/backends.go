package main

import (
	"context"
	"errors"
	"github.com/solitaire-race/racer/hub/broker"
	"github.com/solitaire-race/racer/hub/lobby"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
	"github.com/solitaire-race/racer/internal/cmdutil"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/arena"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/replay"
)

// backends are the stores a node uses: all in memory (one node), or all in
// one Redis shared by every node.
type backends struct {
	rdb      redis.UniversalClient // nil in memory
	store    match.Store
	broker   broker.Broker
	presence broker.Presence
	lobby    lobby.Lobby
	arenas   arena.Store
	boards   leaderboard.Store
	replays  replay.Store
	// analyses keeps the analyses of finished races' games: the replay
	// store's, or with an archive the archive's behind a hot copy
	// (archive.Analyses).
	analyses replay.AnalysisStore
	// archive and archiver are nil without an archive (openArchive).
	archive  *archive.SQL
	archiver *archive.Archiver
}

// close releases the archive and the Redis client, if any.
func (b *backends) close() error {
	var err error
	if b.archive != nil {
		err = b.archive.Close()
	}
	if b.rdb == nil {
		return err
	}
	return errors.Join(err, b.rdb.Close())
}

// kind names the backends for the log.
func (b *backends) kind() string {
	if b.rdb == nil {
		return "memory"
	}
	return "redis"
}

// newBackends builds the stores of o: in memory when o.redis is empty,
// else on Redis, whose ping then decides readiness.
func newBackends(o options, reg prometheus.Registerer, h *health) (*backends, error) {
	if o.redis == "" {
		b := broker.NewMemory()
		store := match.NewMemoryStore(match.MemoryStoreConfig{Publish: b.PublishNow, Keep: o.hotTTL, MaxFinished: o.maxFinished})
		if err := registerMemoryStore(reg, store); err != nil {
			return nil, err
		}
		replays := replay.NewMemoryStore()
		return &backends{store: store, broker: b, presence: b, lobby: lobby.NewMemory(), arenas: arena.NewMemory(arena.MemoryConfig{}),
			boards: leaderboard.NewMemoryStore(), replays: replays, analyses: replays}, nil
	}
	// The client honours contexts' deadlines, which bound the calls a
	// move waits on (-move-timeout).
	rdb, err := cmdutil.NewRedisClient(o.redis, o.redisCluster)
	if err != nil {
		return nil, err
	}
	b := &backends{rdb: rdb}
	if err := b.buildRedis(reg, o.hotTTL, o.appendWait); err != nil {
		_ = rdb.Close()
		return nil, err
	}
	h.addCheck("redis", func(ctx context.Context) error { return rdb.Ping(ctx).Err() })
	return b, nil
}

func (b *backends) buildRedis(reg prometheus.Registerer, hotTTL, appendWait time.Duration) error {
	rdb := b.rdb
	store, err := match.NewRedisStore(match.RedisStoreConfig{Client: rdb, Registerer: reg, HotTTL: hotTTL, AppendWait: appendWait})
	if err != nil {
		return err
	}
	// The store, broker and lobby share the racer_redis_* collectors:
	// only the first registers them.
	broker, err := broker.NewRedis(broker.RedisConfig{Client: rdb, Registerer: reg})
	if err != nil {
		return err
	}
	lobby, err := lobby.NewRedis(lobby.RedisConfig{Client: rdb, Registerer: reg})
	if err != nil {
		return err
	}
	boards, err := leaderboard.NewRedisStore(leaderboard.RedisConfig{Client: rdb, AppliedTTL: hotTTL})
	if err != nil {
		return err
	}
	if b.arenas, err = arena.NewRedis(arena.RedisConfig{Client: rdb}); err != nil {
		return err
	}
	replays, err := replay.NewRedisStore(replay.RedisConfig{Client: rdb})
	if err != nil {
		return err
	}
	b.store, b.broker, b.presence, b.lobby, b.boards, b.replays = store, broker, broker, lobby, boards, replays
	b.analyses = replays
	return nil
}

// registerMemoryStore exports what the in-memory store holds:
// racer_memory_store_races{state} and racer_memory_store_dropped_total.
func registerMemoryStore(reg prometheus.Registerer, store *match.MemoryStore) error {
	const races = "racer_memory_store_races"
	const help = "Races the in-memory store holds: live, and finished until -hot-ttl after their end or -max-finished newer ones."
	for _, c := range []prometheus.Collector{
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: races, Help: help, ConstLabels: prometheus.Labels{"state": "live"}},
			func() float64 { return float64(store.Stats().Live) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: races, Help: help, ConstLabels: prometheus.Labels{"state": "finished"}},
			func() float64 { return float64(store.Stats().Finished) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "racer_memory_store_dropped_total",
			Help: "Finished races the in-memory store dropped by its bounds (-hot-ttl, -max-finished)."},
			func() float64 { return float64(store.Stats().Dropped) }),
	} {
		if err := reg.Register(c); err != nil {
			return err
		}
	}
	return nil
}
