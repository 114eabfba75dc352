package hub_test

import (
	"context"
	"github.com/solitaire-race/racer/hub/wire"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/match"
)

// TestNodeSilenceShowsDisconnected runs two hubs on shared backends with
// a short node TTL. When node 1 stops beating (its Run ends) while its
// racer's socket stays open, as if the process froze or died unannounced,
// node 2 shows that racer disconnected within about a TTL; when node 1
// beats again, connected again. The race goes on and is ranked as ever.
func TestNodeSilenceShowsDisconnected(t *testing.T) {
	t.Parallel()
	const ttl = 300 * time.Millisecond
	store, broker, lobby := hub.MemoryBackends()
	cfg := hub.Config{Store: store, Broker: broker, Presence: broker, Lobby: lobby,
		Secret: []byte("cluster secret"), NodeTTL: ttl}
	n1, n2 := newServer(t, cfg), newServer(t, cfg)
	run := func(h *hub.Hub) (stop func()) {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { _ = h.Run(ctx); close(done) }()
		return func() { cancel(); <-done }
	}
	stop1 := run(n1.hub)
	stop2 := run(n2.hub)
	defer stop2()

	a, wa := n1.dial(t, "Ann", client.Options{})
	b, _ := n2.dial(t, "Bob", client.Options{})
	queueBoth(t, a, b)
	ra, err := a.WaitRace(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	// Bob's node loads the race before Ann moves: a race frame read
	// after her moves would carry them, and no progress frame would.
	if _, err := b.WaitRace(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	id := ra.Race.ID
	line := winningLine(t)
	play(t, a, id, line[:3])
	annIs := func(status match.Status) func(client.Message) bool {
		return func(m client.Message) bool {
			var p wire.ProgressMessage
			return m.Type == wire.TypeProgress && m.Decode(&p) == nil && p.Race == id &&
				p.Progress.Racer == wa.Player && p.Progress.Status == status
		}
	}
	if _, err := b.Wait(ctxT(t), func(m client.Message) bool {
		var p wire.ProgressMessage
		return m.Type == wire.TypeProgress && m.Decode(&p) == nil && p.Progress.Racer == wa.Player && p.Progress.Seq == 3
	}); err != nil {
		t.Fatalf("Bob never saw Ann's progress: %v", err)
	}

	stop1()
	silent := time.Now()
	if _, err := b.Wait(ctxT(t), annIs(match.StatusDisconnected)); err != nil {
		t.Fatalf("Bob never saw Ann disconnected after her node went silent: %v", err)
	}
	took := time.Since(silent)
	t.Logf("node 1 silent: Bob saw Ann disconnected after %v (node TTL %v)", took.Round(time.Millisecond), ttl)
	// Her last beat lasts ttl; node 2 beats every ttl/4. A loaded machine
	// gets a second of slack.
	if limit := ttl + ttl/4 + time.Second; took > limit {
		t.Errorf("Ann shown disconnected %v after her node went silent, want within %v", took, limit)
	}

	stop1 = run(n1.hub)
	defer stop1()
	if _, err := b.Wait(ctxT(t), annIs(match.StatusPlaying)); err != nil {
		t.Fatalf("Bob never saw Ann connected again once her node beat again: %v", err)
	}
	play(t, a, id, line[3:])
	end, err := b.WaitEnd(ctxT(t), id)
	if err != nil {
		t.Fatal(err)
	}
	if end.Result.Reason != match.EndWin || end.Result.Standings[0].Player != wa.Player {
		t.Errorf("result %+v, want Ann winning", end.Result)
	}
}
