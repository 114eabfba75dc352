// Package leaderboard keeps the players' Glicko-2 ratings and the boards
// of each rule profile: established ratings, wins (per UTC day, ISO week
// and all time) and the daily challenge's best times (per day), as sorted
// sets, with the players' display names beside their IDs. Queries: the
// top N, a player's rank, and the players around them.
//
// A finished race is written exactly once, however many nodes report it:
// Store.Apply reads the racers' ratings, computes the new ones and writes
// them with the race's "applied" marker in one atomic step (MemoryStore: a
// mutex and a set; RedisStore: WATCH on the marker and the racers' rating
// keys, then MULTI/EXEC, retried when a concurrent race of the same
// players wins).
//
// The hub calls a Recorder when a race finishes:
//
//	rec, _ := leaderboard.NewRecorder(leaderboard.RecorderConfig{Store: store})
//	stored, first, err := matchStore.Finish(ctx, race.ID, result)
//	// … on every node that sees the end, first or not:
//	applied, err := rec.Record(ctx, race, stored, true)
//
// and the HTTP API (package web/api) reads the boards:
//
//	top, err := store.Top(ctx, leaderboard.Board{Profile: "bvs",
//		Kind: leaderboard.KindWins, Period: leaderboard.Week, At: time.Now()}, 10)
package leaderboard
