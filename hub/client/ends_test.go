package client

import (
	"context"
	"testing"
	"time"
)

// The hub may send a race's end before the ack of the move that ended it;
// a WaitAck that reads and skips the race_end must not make WaitEnd miss
// it.
func TestWaitEndAfterEndReadByWaitAck(t *testing.T) {
	c := &Client{in: make(chan Message, 8), done: make(chan struct{}), seq: map[string]uint64{}, pending: map[string]map[uint64]string{}}
	c.in <- parse([]byte(`{"type":"race_end","race":"r1","result":{"reason":"win"}}`))
	c.in <- parse([]byte(`{"type":"ack","race":"r1","seq":7,"status":"won"}`))
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if _, err := c.WaitAck(ctx, "r1", 7); err != nil {
		t.Fatalf("WaitAck: %v", err)
	}
	e, err := c.WaitEnd(ctx, "r1")
	if err != nil {
		t.Fatalf("WaitEnd after the race_end was read by WaitAck: %v", err)
	}
	if e.Race != "r1" || e.Result.Reason != "win" {
		t.Errorf("WaitEnd = %+v", e)
	}
	// It is handed out once, and the kept list stays bounded.
	for i := range 2 * maxKeptEnds {
		c.keepEnd(parse([]byte(`{"type":"race_end","race":"x` + string(rune('a'+i)) + `"}`)))
	}
	if len(c.ends) != maxKeptEnds {
		t.Errorf("kept %d ends, want %d", len(c.ends), maxKeptEnds)
	}
	if _, ok := c.takeEnd("r1"); ok {
		t.Error("the race_end of r1 was handed out twice")
	}
}
