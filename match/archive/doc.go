// Package archive keeps finished races for good, in a database rather
// than in Redis: PostgreSQL for a cluster, an SQLite file (pure Go, no
// cgo) for a single node. Redis keeps hot state only.
//
// An Archive is a replay.Store (Save writes a race once by its ID, Load
// reads it back) that also lists the races of a player, most recent
// first, and the races of a profile by UTC day. Each race is one compact
// record (codec.go): a two-racer race of 70 moves each takes under 1 KB,
// and decodes to a replay whose JSON is byte for byte the one the race
// store's snapshot gives. The schema is versioned, embedded migrations
// applied at Open under a lock (migrate.go), so nodes may start together.
//
// Races reach the archive off the move path: when a race ends, the node
// queues it with the rating changes it made (Archiver.SaveRated) in a
// Queue — a Redis stream shared by every node, or for one node a table
// of the archive itself (SQLQueue) — and each node's Archiver drains the
// queue in the background (Run). A node that dies holding a race leaves
// it in the queue for another node, or for its own next start; the
// archive writes each race and rating change once. Ratings and
// leaderboards kept in Redis or memory are caches: Rebuild restores what
// they lack from the archive. Arenas are written directly, not queued:
// their hot state outlives them by days, and the node that finishes an
// arena writes its final standings once (SaveArena, keyed by the
// arena's ID), which the players' pages list (PlayerArenas).
//
//	a, err := archive.Open(ctx, "postgres://racer@db/racer", games.All) // or a file path
//	q, err := archive.NewRedisQueue(archive.RedisQueueConfig{Client: rdb, Games: games.All})
//	ar, err := archive.NewArchiver(archive.ArchiverConfig{Archive: a, Queue: q, Registerer: reg})
//	go ar.Run(ctx)
//	res, err := results.New(results.Config{Replays: ar, …}) // OnFinish queues each race
//	// any node, later:
//	rp, err := ar.Load(ctx, raceID)
//	recent, err := a.PlayerRaces(ctx, playerID, archive.Page{Limit: 20})
package archive
