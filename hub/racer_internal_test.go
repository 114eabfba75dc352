package hub

import (
	"context"
	"testing"
)

// TestAddRacerEndedConn checks that a connection whose context has ended
// (its cleanup may have run) is not added to a race: left in lr.racers it
// would keep its racer present for good.
func TestAddRacerEndedConn(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c := &conn{ctx: ctx}
	lr := &liveRace{feed: raceFeed{racers: map[string]map[*conn]struct{}{}, connected: map[string]bool{}}}
	lr.feed.lr = lr
	lr.feed.addRacer(c, "p1")
	if got := len(lr.feed.racers["p1"]); got != 0 {
		t.Errorf("got %d connections of p1, want 0", got)
	}
	if lr.feed.connected["p1"] {
		t.Error("got p1 connected, want not")
	}
}
