package hub

import "testing"

// TestGapReloadsRace: the broker's nil event (the race's channel
// subscribed again after a break) marks the race lost, so that its loop
// reloads it from the store; an ordinary event does not.
func TestGapReloadsRace(t *testing.T) {
	lr := &liveRace{h: &Hub{ownMove: []byte("own:")}, events: newEventQueue()}
	lr.onEvent([]byte(`{"kind":"presence"}`))
	if lr.lost.Load() {
		t.Fatal("an event marked the race lost")
	}
	lr.onEvent(nil)
	if !lr.lost.Load() {
		t.Error("a gap did not mark the race lost")
	}
}
