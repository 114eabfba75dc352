// Package arenarun runs the arenas of match/arena for the hub: every
// Config.Tick it creates the schedule's arenas and, for each arena whose
// pairing lease this node holds, reconciles its races with the race
// store, pairs its free players, has the hub seat their races, announces
// the standings when they changed and archives the final standings of an
// arena that ended. It holds no socket: it reaches the hub through the
// small Seater interface and announces on the broker, on Channel(id),
// the arena messages (Frame) and the tables of ranks (AppendRanks) that
// each connection following the arena reads.
//
// The hub builds and runs it:
//
//	r, err := arenarun.New(arenarun.Config{Arenas: store, Races: races, Broker: b,
//		Seater: seats, Node: nodeID})
//	go r.Run(ctx)
//	...
//	r.Record(ctx, arenaID, result) // a race of the arena finished
package arenarun
