package hub_test

import (
	"context"
	"sync"
	"testing"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/scoreboard"
)

// TestOnFinish: the hook gets the finished race's snapshot, with its
// result and every move logged.
func TestOnFinish(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var got []match.Snapshot
	s := newServer(t, hub.Config{OnFinish: func(ctx context.Context, snap match.Snapshot) *scoreboard.Ratings {
		mu.Lock()
		defer mu.Unlock()
		got = append(got, snap)
		return nil
	}})
	_, wa, race, line := s.pairAndWin(t)
	id := race.Race.ID
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
