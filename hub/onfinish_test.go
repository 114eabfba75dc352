package hub_test

import (
	"context"
	"sync"
	"testing"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/match"
)

// TestOnFinish: the hook gets the finished race's snapshot, with its
// result and every move logged.
func TestOnFinish(t *testing.T) {
	var mu sync.Mutex
	var got []match.Snapshot
	s := newServer(t, hub.Config{OnFinish: func(ctx context.Context, snap match.Snapshot) {
		mu.Lock()
		defer mu.Unlock()
		got = append(got, snap)
	}})
	a, _, wa, _, race := s.pair(t)
	id := race.Race.ID
	line := winningLine(t)
	play(t, a, id, line)
	if _, err := a.WaitEnd(ctxT(t), id); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) != 1 {
		t.Fatalf("OnFinish called %d times on one node, want 1", len(got))
	}
	snap := got[0]
	if snap.Race.ID != id || snap.Result == nil || snap.Result.Standings[0].Player != wa.Player {
		t.Fatalf("OnFinish snapshot of %s, result %+v, want %s won by %s", snap.Race.ID, snap.Result, id, wa.Player)
	}
	if n := len(snap.Logs[wa.Player]); n != len(line) {
		t.Errorf("Ann's log has %d entries, want %d", n, len(line))
	}
}
