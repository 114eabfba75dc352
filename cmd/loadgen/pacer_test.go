package main

import (
	"context"
	"testing"
	"testing/synctest"
	"time"
)

// A pacer that fell behind keeps its phase: it waits for its next slot on
// the grid instead of going at once (which would keep racers whose races
// started together moving in step).
// The test runs in a synctest bubble: its clock moves only when every
// goroutine waits, so the slots are exact and the wait takes no real time.
func TestPacerKeepsPhaseWhenBehind(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const iv = time.Second
		origin := time.Now().Add(-2*iv - iv/2) // 2.5 intervals behind
		p := &pacer{interval: iv, next: origin}
		if !p.wait(context.Background()) {
			t.Fatal("wait returned false on a live context")
		}
		// The slot it waited for is origin+3iv, the next one origin+4iv.
		if got, want := p.next.Sub(origin), 4*iv; got != want {
			t.Fatalf("next slot %v after the origin, want %v (on the grid)", got, want)
		}
		if got, want := time.Since(origin), 3*iv; got != want {
			t.Fatalf("returned %v after the origin, want %v (its slot)", got, want)
		}
	})
}

func TestPacerStopsWithContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := newPacer(0.001, 0)
	if p.wait(ctx) {
		t.Fatal("wait returned true on an ended context")
	}
}
