package hub

import (
	"time"

	"github.com/solitaire-race/racer/match"
)

// raceFeed is a live race's fan-out on this node: the connections of its
// racers and spectators, the racers' presence, their progress as last
// sent, and the history behind spectators' delayed boards. Its race's mu
// guards every field; its methods named ...Locked run under it, the
// others take it. Its methods live in progress.go (progress frames),
// spectate.go (delayed boards and spectators), racer.go (racers'
// connections and presence) and race_end.go (the end's frames).
type raceFeed struct {
	lr *liveRace

	racers     map[string]map[*conn]struct{}
	spectators map[*conn]struct{}
	connected  map[string]bool
	// nodeOf holds the node each racer is present through, by presence
	// (entries and events), for racers whose node may die unannounced.
	nodeOf map[string]string
	// hist holds, per racer, the log entries not yet shown to spectators
	// and delayed the board they see (the position after the last entry
	// shown): an entry is 40 bytes where a position is 288.
	hist    map[string][]histEntry
	delayed map[string]*delayedBoard
	shown   map[string]uint64
	// progSent is when each racer's progress last went out; progDue
	// holds racers whose newer progress waits for its window to end, and
	// progArmed says a flush is scheduled (ProgressEvery).
	progSent  map[string]time.Time
	progDue   map[string]bool
	progArmed bool
	// progLast is the progress each racer's last frame carried; progLag
	// holds racers whose progress has changed since only in its counts
	// of actions (countsOnly), which wait for the next frame the race
	// sends or the loop's next tick (flushLagLocked).
	progLast map[string]match.Progress
	progLag  map[string]bool
	// pushTo, when not nil, is where broadcastProgressLocked lists the
	// connections whose write it took (transport.Conn.SendTake) for the
	// goroutine holding lr.mu, which pushes them once it lets lr.mu go
	// (pushTaken). evPush is the race loop's list.
	pushTo *[]*conn
	evPush []*conn
}
