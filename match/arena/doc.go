// Package arena is the model of arenas: timed tournaments on one rule
// profile in which players race again and again, paired continuously,
// for points.
//
// An Arena has a start, a duration (10 to 120 minutes for arenas people
// create or schedule), a race size (2 to 4 racers) and is rated or not.
// A Schedule creates the regular arenas (by default an hourly bvs arena
// and a daily Spider arena). While an arena runs, Pair groups the free
// players into races (a pure function: longest waiters first, similar
// scores together, never the same opponents twice in a row when anyone
// else is free); Record scores each finished race once (Points: placement
// points, doubled for a win on a streak of two wins or more) and puts its
// racers back in the pool after a short pause. No race is paired after
// the end; races running at the end finish and count.
//
// A Store keeps arenas, their players, pools and recorded results:
// Memory for one node, Redis for many (standings in a sorted set,
// pairing under a lease so that one node pairs at a time, each race's
// result recorded once by its race ID). The package knows no sockets;
// the hub runs the arenas (hub/arena.go).
//
// Usage:
//
//	st := arena.NewMemory(arena.MemoryConfig{})
//	a := arena.Arena{ID: "a1", Name: "Evening bvs", Profile: "bvs", Start: start,
//		Duration: time.Hour, RaceSize: 2, Rated: true}
//	_ = st.Create(ctx, a)
//	_ = st.Join(ctx, a.ID, arena.Entrant{ID: "p1", Name: "Ann"})
//	// the hub then, every second: Lease, Players, Pair, Take; Record at each race's end.
package arena
