// Package scoreboard holds what anyone may know of a race: its game's
// name, its roster, its phase, each racer's status and progress (counts,
// never cards), and its result. These values travel on the wire
// (hub/wire) and are stored by match, which names them as its own
// (match.Progress is scoreboard.Progress).
//
// The package imports nothing of ours but the game contract's constants
// (match/game), so that clients link no engine, no Redis and no metrics:
//
//	p := scoreboard.Progress{Racer: "a1b2", Seq: 3, Status: scoreboard.StatusPlaying}
//	if p.Status.Done() { ... }
package scoreboard
