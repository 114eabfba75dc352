package lobby

import (
	"slices"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match"
)

// TestMemoryTouchRenews: Touch moves a waiting entry's expiry to ttl from
// now, for the players named only, and reports those it did not find.
func TestMemoryTouchRenews(t *testing.T) {
	t.Parallel() // memory lobbies of its own, beside the Redis tests
	l := NewMemory()
	ctx := t.Context()
	if _, paired, err := l.Enqueue(ctx, "q", match.Racer{ID: "a"}, time.Minute); err != nil || paired {
		t.Fatalf("enqueue: got paired %v, %v, want waiting", paired, err)
	}
	l.mu.Lock()
	before := l.queues["q"][0].exp
	l.mu.Unlock()
	if missing, err := l.Touch(ctx, "q", []string{"b"}, time.Hour); err != nil || !slices.Equal(missing, []string{"b"}) {
		t.Fatalf("Touch b: missed %q, %v; want b", missing, err)
	}
	l.mu.Lock()
	other := l.queues["q"][0].exp
	l.mu.Unlock()
	if !other.Equal(before) {
		t.Errorf("after touching b only: a expires at %v, want %v unchanged", other, before)
	}
	if missing, err := l.Touch(ctx, "q", []string{"a"}, time.Hour); err != nil || len(missing) != 0 {
		t.Fatalf("Touch a: missed %q, %v; want none", missing, err)
	}
	l.mu.Lock()
	after := l.queues["q"][0].exp
	l.mu.Unlock()
	if after.Sub(before) < 50*time.Minute {
		t.Errorf("after Touch for an hour: a expires at %v, want about an hour from now (was %v)", after, before)
	}
}
