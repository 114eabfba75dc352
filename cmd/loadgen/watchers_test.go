package main

import (
	"testing"
	"time"
)

func TestAckRing(t *testing.T) {
	var r ackRing
	check := func(seq uint64, wantAt int64, want int) {
		t.Helper()
		if at, st := r.get(seq); st != want || at != wantAt {
			t.Errorf("get(%d) = %d, %d; want %d, %d", seq, at, st, wantAt, want)
		}
	}
	check(5, 0, ackPending) // nothing acknowledged yet
	r.put(5, time.Unix(0, 1234))
	check(5, 1234, ackKnown)
	check(6, 0, ackPending)
	check(5+256, 0, ackPending) // its slot holds an older one
	r.put(5+256, time.Unix(0, 5678))
	check(5+256, 5678, ackKnown)
	check(5, 0, ackUnknown) // forgotten: the ring went round
	r.reset()
	check(5, 0, ackPending) // a new race starts again at 1
}
