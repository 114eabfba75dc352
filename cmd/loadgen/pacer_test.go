package main

import (
	"context"
	"testing"
	"time"
)

// A pacer that fell behind keeps its phase: it waits for its next slot on
// the grid instead of going at once (which would keep racers whose races
// started together moving in step).
func TestPacerKeepsPhaseWhenBehind(t *testing.T) {
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
	if late := time.Since(origin.Add(3 * iv)); late < 0 {
		t.Fatalf("returned %v before its slot", -late)
	}
}

func TestPacerStopsWithContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := newPacer(0.001, 0)
	if p.wait(ctx) {
		t.Fatal("wait returned true on an ended context")
	}
}
