// Package match is one race on one deal: its roster, each racer's own
// position rebuilt from seed and log, the lifecycle (countdown, running,
// finished), move validation, stuck detection, resignation, the ranking
// rule and the deal commitment; and the durable log behind it, the Store
// (MemoryStore here; a Redis store beside it).
//
// A race is of any game of the registry its caller gives (Options.Games;
// cmd/racer gives match/game/games.All), as its rule profile says
// (Variant, GameOf). match sees games only through the game
// contract (match/game): a board per racer that tries and commits moves
// in the game's notation, its view as JSON and its counts. The
// lifecycle, the log and the ranking rule (cards off the table: on the
// foundations, or 13 per completed Spider run) are the same for all.
//
// Every racer plays their own copy of the same deal, so a move needs only
// its racer's board: validate it in memory, append it to the store with the
// expected sequence number and session epoch, then acknowledge it. Only the
// finish needs ordering across racers, and the store's clock decides it.
//
//	store := match.NewMemoryStore(match.MemoryStoreConfig{})
//	race, _ := store.CreateRace(ctx, match.Race{ID: "r1", Profile: "bvs", Seed: 42,
//		Racers: []match.Racer{{ID: "a", Name: "Ann"}, {ID: "b", Name: "Bob"}}})
//	epoch, _ := store.Join(ctx, race.ID, "a")
//	_, err := store.Append(ctx, match.Append{Race: race.ID, Racer: "a", Seq: 1, Epoch: epoch, Action: "D"})
package match
