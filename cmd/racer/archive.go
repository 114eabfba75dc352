package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/replay"
)

// archiveOff is the -archive value that keeps no archive.
const archiveOff = "off"

// archiveURL resolves -archive: "off" keeps none (""); empty means the
// default: without -redis, the SQLite file at archive.DefaultPath; with
// -redis none, since nodes that share Redis must share one archive
// (-archive postgres://…).
func archiveURL(o options) string {
	switch {
	case o.archive == archiveOff:
		return ""
	case o.archive != "":
		return o.archive
	case o.redis == "":
		return archive.DefaultPath()
	}
	return ""
}

// openArchive opens the archive of o, if any, and makes an Archiver of it
// the node's replay store: finished races go through a queue (in Redis
// with -redis, else in memory) to the archive, and replays are read from
// it. Without an archive the replay store stays as newBackends built it.
func (b *backends) openArchive(ctx context.Context, o options, reg prometheus.Registerer, log *slog.Logger) error {
	url := archiveURL(o)
	if url == "" {
		if o.redis != "" && o.archive != archiveOff {
			log.Warn("no -archive: replays are kept in Redis; set -archive postgres://… to keep them in a database")
		}
		return nil
	}
	octx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	a, err := archive.Open(octx, url, games.All)
	if err != nil {
		return fmt.Errorf("-archive: %w", err)
	}
	// The daily boards it rebuilds hold what results.Config.RateGuests
	// lets the daily challenge record.
	a.SetRateGuests(o.rated == ratedAll)
	if b.rdb != nil && a.Dialect() != "postgres" {
		log.Warn("-archive names a file while nodes share Redis: each node archives the races it drains into its own file; name one postgres:// database on every node")
	}
	// The outbox: in Redis, shared by the nodes; on a single node, in the
	// archive's own database, so that a race queued when it ends
	// survives the process.
	var q archive.Queue
	if b.rdb != nil {
		q, err = archive.NewRedisQueue(archive.RedisQueueConfig{Client: b.rdb, Games: games.All})
	} else {
		q, err = archive.NewSQLQueue(octx, archive.SQLQueueConfig{Archive: a})
	}
	if err != nil {
		_ = a.Close()
		return err
	}
	// The analyses of races' games go to the archive too; their hot copy
	// (Redis, or this node's memory) lives like the rest of a finished
	// race's hot state, not for good.
	var hot replay.AnalysisStore
	if b.rdb != nil {
		if hot, err = replay.NewRedisStore(replay.RedisConfig{Client: b.rdb, TTL: o.hotTTL}); err != nil {
			_ = a.Close()
			return err
		}
	} else {
		ttl := o.hotTTL
		if ttl < 0 {
			ttl = 100 * 365 * 24 * time.Hour // no time bound; MaxRaces bounds them
		}
		hot = replay.NewExpiringAnalyses(replay.ExpiringConfig{TTL: ttl, MaxRaces: o.maxFinished})
	}
	acfg := archive.AnalysesConfig{Hot: hot, Archive: a}
	keep := archivedTTL(o)
	if _, ok := b.store.(hotExpirer); ok {
		acfg.ArchivedTTL = keep // like the race's own hot state
	}
	analyses, err := archive.NewAnalyses(acfg)
	if err != nil {
		_ = a.Close()
		return err
	}
	cfg := archive.ArchiverConfig{Archive: a, Queue: q, Registerer: reg, Logger: log}
	// Once archived, a race's analyses finished so far join it there, and
	// the race need not stay in Redis for -hot-ttl, nor its result and
	// analyses for good.
	ex, expires := b.store.(hotExpirer)
	cfg.OnArchived = func(ctx context.Context, race string, _ bool) {
		if err := analyses.Archived(ctx, race); err != nil {
			log.Warn("archiving a race's analyses", "race", race, "err", err)
		}
		if !expires {
			return
		}
		if err := ex.ExpireFinished(ctx, race, keep); err != nil {
			log.Warn("shortening an archived race's hot state", "race", race, "err", err)
		}
	}
	ar, err := archive.NewArchiver(cfg)
	if err != nil {
		_ = a.Close()
		return err
	}
	b.archive, b.archiver, b.replays, b.analyses = a, ar, ar, analyses
	if err := b.restore(ctx, o, log); err != nil {
		return err
	}
	return nil
}

// restoreTimeout bounds the archiving of the races left in the outbox
// and the rebuilding of the boards at start.
const restoreTimeout = 10 * time.Minute

// restore readies the archive's copies at start: the races a node left
// in the outbox are archived (by this node's archiver, unless
// -archiver=false), then the ratings and leaderboards the board store
// lacks (all of them in memory; those Redis lost) are rebuilt from the
// archive.
func (b *backends) restore(ctx context.Context, o options, log *slog.Logger) error {
	ctx, cancel := context.WithTimeout(ctx, restoreTimeout)
	defer cancel()
	if o.archiver {
		if err := b.archiver.Drain(ctx); err != nil {
			return fmt.Errorf("archiving the races left in the outbox: %w", err)
		}
	}
	start := time.Now()
	n, err := b.archive.Rebuild(ctx, b.boards)
	if err != nil {
		return fmt.Errorf("rebuilding the leaderboards from the archive: %w", err)
	}
	if n != (archive.Rebuilt{}) {
		log.Info("leaderboards rebuilt from the archive", "races", n.Races, "daily_wins", n.Daily, "took", time.Since(start).Round(time.Millisecond).String())
	}
	return nil
}

// archivedTTL is how long an archived race's keys and its games'
// analyses stay in Redis: -archived-ttl, never longer than -hot-ttl (the
// Redis store's default when -hot-ttl is not positive). A result is kept
// for good until its race is archived, so without the bound an archived
// race's result would outlive -hot-ttl.
func archivedTTL(o options) time.Duration {
	hot := o.hotTTL
	if hot <= 0 {
		hot = match.DefaultRedisHotTTL
	}
	return min(o.archivedTTL, hot)
}

// hotExpirer is a race store that can let an archived race's keys go
// early: match.RedisStore.
type hotExpirer interface {
	ExpireFinished(ctx context.Context, race string, ttl time.Duration) error
}

// archiveKind names the archive for the log: "postgres", "sqlite" or
// "off".
func (b *backends) archiveKind() string {
	if b.archive == nil {
		return archiveOff
	}
	return b.archive.Dialect()
}
