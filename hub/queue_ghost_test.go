package hub_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match"
)

// TestQueueGhostOfDeadNode: Ann waits in the quick-race queue through
// node 1, which keeps her entry alive past its TTL, then dies without
// taking her out of the queue (its Redis connection goes first, so its
// clean-up cannot). Once the TTL has passed, Bob queues on node 2 and
// waits instead of being paired with her ghost; Carl queues next and races
// Bob.
func TestQueueGhostOfDeadNode(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("-short: skips two nodes, one stopped, waiting out its queue TTL; CI runs it (go test without -short)")
	}
	const ttl = 500 * time.Millisecond // renewed every 167 ms
	ctx := context.Background()
	nodes := redistest.Nodes(t, 2)
	cfg1, cfg2 := redisBackends(t, nodes[0]), redisBackends(t, nodes[1])
	cfg1.QueueTTL, cfg2.QueueTTL = ttl, ttl
	n1, n2 := newServer(t, cfg1), newServer(t, cfg2)
	run1, stop1 := context.WithCancel(ctx)
	run2, stop2 := context.WithCancel(ctx)
	done1, done2 := make(chan struct{}), make(chan struct{})
	go func() { _ = n1.hub.Run(run1); close(done1) }()
	go func() { _ = n2.hub.Run(run2); close(done2) }()
	t.Cleanup(func() { stop1(); stop2(); <-done1; <-done2 })

	queue := "racer:queue:{" + klondike.DefaultProfile + "}"
	waiting := func() []string {
		t.Helper()
		var ids []string
		for _, e := range nodes[1].LRange(ctx, queue, 0, -1).Val() {
			var r match.Racer
			if err := json.Unmarshal([]byte(e), &r); err != nil {
				t.Fatalf("queue entry %q: %v", e, err)
			}
			ids = append(ids, r.ID)
		}
		return ids
	}

	a, wa := n1.dial(t, "Ann", client.Options{})
	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue})
	if _, err := a.WaitType(ctxT(t), wire.TypeQueued); err != nil {
		t.Fatal(err)
	}
	time.Sleep(2 * ttl) // node 1 renews her entry meanwhile
	if got := waiting(); !slices.Equal(got, []string{wa.Player}) {
		t.Fatalf("after 2 TTLs on a live node the queue holds %v, want Ann %s", got, wa.Player)
	}

	// Node 1 dies: no more renewals, and no Dequeue when Ann's socket goes.
	stop1()
	<-done1
	died := time.Now()
	_ = nodes[0].Close()
	sctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	_ = n1.hub.Shutdown(sctx)
	cancel()
	if got := waiting(); !slices.Equal(got, []string{wa.Player}) && (len(got) != 0 || time.Since(died) < ttl) {
		t.Fatalf("queue after node 1 died: %v, want Ann's ghost %s (until it expires)", got, wa.Player)
	}
	time.Sleep(ttl + 100*time.Millisecond)

	b, wb := n2.dial(t, "Bob", client.Options{})
	_ = b.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue})
	m, err := b.Wait(ctxT(t), func(m client.Message) bool {
		return m.Type == wire.TypeQueued || m.Type == wire.TypeRace || m.Type == wire.TypeError
	})
	if err != nil {
		t.Fatal(err)
	}
	if m.Type != wire.TypeQueued {
		t.Fatalf("Bob got %s, want %s: paired with the ghost of Ann, whose node died", m.Raw, wire.TypeQueued)
	}

	c, wc := n2.dial(t, "Carl", client.Options{})
	_ = c.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue})
	want := []string{wb.Player, wc.Player}
	slices.Sort(want)
	var race string
	for _, cl := range []*client.Client{b, c} {
		r, err := cl.WaitRace(ctxT(t))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, p := range r.Race.Racers {
			got = append(got, p.ID)
		}
		slices.Sort(got)
		if !slices.Equal(got, want) || (race != "" && r.Race.ID != race) {
			t.Fatalf("race %s of %v, want one race of Bob and Carl %v", r.Race.ID, got, want)
		}
		race = r.Race.ID
	}
}
