package hub

import (
	"strconv"
	"testing"
)

func TestEventQueueKeepsOrderAndBound(t *testing.T) {
	t.Parallel()
	e := newEventQueue()
	if got := e.take(); len(got) != 0 {
		t.Fatalf("empty queue gave %d events", len(got))
	}
	for round := range 3 {
		for i := range maxEventBacklog {
			if !e.push([]byte(strconv.Itoa(round*10000 + i))) {
				t.Fatalf("round %d: push %d refused below the bound", round, i)
			}
		}
		if e.push([]byte("over")) {
			t.Fatalf("round %d: push past %d accepted", round, maxEventBacklog)
		}
		select {
		case <-e.notify:
		default:
			t.Fatalf("round %d: no wake-up token after pushes", round)
		}
		got := e.take()
		if len(got) != maxEventBacklog {
			t.Fatalf("round %d: took %d events, want %d", round, len(got), maxEventBacklog)
		}
		for i, b := range got {
			if want := strconv.Itoa(round*10000 + i); string(b) != want {
				t.Fatalf("round %d: event %d is %q, want %q", round, i, b, want)
			}
		}
		if more := e.take(); len(more) != 0 {
			t.Fatalf("round %d: second take gave %d events", round, len(more))
		}
	}
}
