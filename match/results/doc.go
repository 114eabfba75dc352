// Package results is the bookkeeping of a finished race: its replay, the
// ratings and wins on the leaderboards, and the daily challenge's board.
// It also deals the daily challenges, whose seeds it proves winnable with
// the game's solver.
//
// Every write is idempotent, so each node that sees a race finish may
// pass it to OnFinish, which is meant for hub.Config.OnFinish.
//
//	res, err := results.New(results.Config{
//		Games:   games.All, // the games raced (match/game/games)
//		Boards:  boards,    // leaderboard.Store
//		Replays: replays,   // replay.Store
//		Secret:  secret,    // shared by every node: they deal the same dailies
//		Clock:   store.Now,
//	})
//	hubCfg.OnFinish, hubCfg.Daily = res.OnFinish, res.Daily()
//
// The solver-specific part, the daily challenge's default checker, is in
// checker.go; the rest sees games only through package match.
package results
