package hub_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/lobby"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
)

// TestQueuePairedWhileQueueing: Ann's queue message leaves her waiting,
// but before her node has marked her connection queued, Bob on node 2 is
// paired with her and the race's start event reaches her. Her connection
// must not be left waiting in the queue while she races: unqueue then
// answers "not in a queue".
func TestQueuePairedWhileQueueing(t *testing.T) {
	t.Parallel()
	store, broker, lobby := hub.MemoryBackends()
	cfg := hub.Config{Store: store, Broker: broker, Presence: broker, Lobby: lobby,
		Secret: []byte("cluster secret")}
	cfg1 := cfg
	held := &heldEnqueueLobby{Lobby: lobby, done: make(chan struct{}), release: make(chan struct{})}
	cfg1.Lobby = held
	n1, n2 := newServer(t, cfg1), newServer(t, cfg)

	a, _ := n1.dial(t, "Ann", client.Options{})
	if err := a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-held.done: // Ann waits in the lobby; her node has not heard yet
	case <-ctxT(t).Done():
		t.Fatal("Ann's Enqueue never ran")
	}
	b, _ := n2.dial(t, "Bob", client.Options{})
	if err := b.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.WaitRace(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	close(held.release)
	if err := a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeUnqueue}); err != nil {
		t.Fatal(err)
	}
	m, err := a.Wait(ctxT(t), func(m client.Message) bool {
		return m.Type == wire.TypeUnqueued || m.Type == wire.TypeError
	})
	if err != nil {
		t.Fatal(err)
	}
	if m.Type != wire.TypeError {
		t.Errorf("unqueue after the race started: got %s, want an error (not in a queue)", m.Raw)
	}
}

// heldEnqueueLobby is a real Lobby whose first Enqueue, once applied,
// closes done and waits for release before it returns.
type heldEnqueueLobby struct {
	lobby.Lobby
	once          sync.Once
	done, release chan struct{}
}

func (l *heldEnqueueLobby) Enqueue(ctx context.Context, profile string, p match.Racer, ttl time.Duration) (match.Racer, bool, error) {
	partner, paired, err := l.Lobby.Enqueue(ctx, profile, p, ttl)
	first := false
	l.once.Do(func() { first = true })
	if first {
		close(l.done)
		select {
		case <-l.release:
		case <-ctx.Done():
		}
	}
	return partner, paired, err
}
