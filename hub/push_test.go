package hub_test

import (
	"runtime/metrics"
	"testing"

	"github.com/solitaire-race/racer/hub"
)

// TestMoveWritesOpponentWithoutGoroutine: a move's progress frame to an
// opponent whose connection has no write in progress is written by the
// mover's goroutine, not by a writer goroutine started for it, and
// arrives. Not parallel: it counts the process's goroutines.
func TestMoveWritesOpponentWithoutGoroutine(t *testing.T) {
	s := newServer(t, hub.Config{ProgressEvery: -1})
	a, b, wa, _, race := s.pair(t)
	id := race.Race.ID
	line := winningLine(t)
	const n = 40
	if len(line) <= n {
		t.Fatalf("winning line of %d moves, want more than %d", len(line), n)
	}
	start := created()
	for i := range n {
		play(t, a, id, line[i:i+1])
		// The opponent has the frame before the next move: its writer,
		// if one was started, has ended.
		for progressOf(t, b, wa.Player).Seq < uint64(i+1) {
		}
	}
	if got := created() - start; got > n/4 {
		t.Errorf("%d goroutines created for %d moves, want at most %d", got, n, n/4)
	}
}

// created returns how many goroutines the process has created.
func created() uint64 {
	s := []metrics.Sample{{Name: "/sched/goroutines-created:goroutines"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}
