package hub_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/broker"
	"github.com/solitaire-race/racer/hub/lobby"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/scoreboard"
)

// TestAbandonedRaceFinished: a race whose racers have both left is held
// by no node, so none ends it at its time limit; once it is past the
// longest time limit, a node's sweep finishes it: ranked at its time
// limit, recorded, and gone from the live races.
func TestAbandonedRaceFinished(t *testing.T) {
	t.Parallel()
	var skew atomic.Int64 // the store's clock runs ahead of the real one
	b := broker.NewMemory()
	store := match.NewMemoryStore(match.MemoryStoreConfig{Publish: b.PublishNow,
		Clock: func() time.Time { return time.Now().Add(time.Duration(skew.Load())) }})
	finished := make(chan match.Snapshot, 4)
	s := newServer(t, hub.Config{Store: store, Broker: b, Presence: b, Lobby: lobby.NewMemory(),
		TimeLimit: time.Minute, MaxTimeLimit: 5 * time.Minute, OverdueEvery: 10 * time.Millisecond,
		OnFinish: func(ctx context.Context, snap match.Snapshot) *scoreboard.Ratings {
			finished <- snap
			return nil
		}})
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go func() { _ = s.hub.Run(ctx) }()

	a, bob, _, _, race := s.pair(t)
	play(t, a, race.Race.ID, winningLine(t)[:2])
	_ = a.Close()
	_ = bob.Close()
	<-a.Done()
	<-bob.Done()
	// Not yet past the longest time limit plus countdown and a minute:
	// the race stays live.
	skew.Store(int64(5 * time.Minute))
	if ids, err := store.Overdue(ctxT(t), time.Now().Add(time.Duration(skew.Load())-6*time.Minute), 0); err != nil || len(ids) != 0 {
		t.Fatalf("overdue before the bound: %v, %v", ids, err)
	}
	skew.Store(int64(7 * time.Minute))
	select {
	case snap := <-finished:
		if snap.Race.ID != race.Race.ID || snap.Result == nil || snap.Result.Reason != match.EndTimeLimit {
			t.Fatalf("finished %s with %+v, want %s at its time limit", snap.Race.ID, snap.Result, race.Race.ID)
		}
		if got := snap.Result.Standings[0].Player; got != race.Race.Racers[0].ID && got != race.Race.Racers[1].ID {
			t.Fatalf("first place %q is not a racer", got)
		}
	case <-ctxT(t).Done():
		t.Fatal("the abandoned race was never finished")
	}
	snap, err := store.Load(ctxT(t), race.Race.ID)
	if err != nil || snap.Result == nil {
		t.Fatalf("stored race: %+v, %v; want it finished", snap.Result, err)
	}
	if live, _ := store.Live(ctxT(t), 0); len(live) != 0 {
		t.Fatalf("live races after the sweep: %d, want 0", len(live))
	}
}
