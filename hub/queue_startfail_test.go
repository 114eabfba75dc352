package hub_test

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/broker"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
)

// failingCreate is a store whose next fails CreateRace calls fail.
type failingCreate struct {
	match.Store
	fails atomic.Int32
}

func (s *failingCreate) CreateRace(ctx context.Context, r match.Race) (match.Race, error) {
	if s.fails.Add(-1) >= 0 {
		return match.Race{}, errors.New("test: the store refuses the race")
	}
	return s.Store.CreateRace(ctx, r)
}

// TestQueueStartFailsPartnerQueuedAgain: Ann waits; Bob's queue message
// pairs them, but their race cannot be stored. Bob is told; Ann, who
// asked for nothing, must be back in the queue at once (not only when her
// node's renewals, every 10 s here, miss her entry twice), so that Cat,
// who queues next, races her.
func TestQueueStartFailsPartnerQueuedAgain(t *testing.T) {
	t.Parallel()
	for _, tc := range sharedBackends {
		t.Run(tc.name, func(t *testing.T) {
			cfg := tc.cfg(t)
			store := &failingCreate{Store: cfg.Store}
			store.fails.Store(1)
			cfg.Store = store
			cfg.QueueTTL = 30 * time.Second
			s := newServer(t, cfg)
			s.run(t)

			a, wa := s.dial(t, "Ann", client.Options{})
			waitQueued(t, a)
			b, _ := s.dial(t, "Bob", client.Options{})
			if err := b.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
				t.Fatal(err)
			}
			if _, err := b.WaitType(ctxT(t), wire.TypeError); err != nil {
				t.Fatalf("Bob was not told that the race could not start: %v", err)
			}
			if missing(t, cfg.Lobby, wa.Player) {
				t.Fatal("Ann has no queue entry after the race failed to start")
			}
			c, _ := s.dial(t, "Cat", client.Options{})
			if err := c.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
				t.Fatal(err)
			}
			ra, rc := bothRace(t, a, c)
			if ra.Race.ID != rc.Race.ID {
				t.Errorf("Ann races %s, Cat %s", ra.Race.ID, rc.Race.ID)
			}
		})
	}
}

// failingPublish is a broker whose next fails publications on a player's
// channel fail.
type failingPublish struct {
	broker.Broker
	fails atomic.Int32
}

func (b *failingPublish) Publish(ctx context.Context, channel string, data []byte) error {
	if strings.HasPrefix(channel, "player:") && b.fails.Add(-1) >= 0 {
		return errors.New("test: the broker refuses")
	}
	return b.Broker.Publish(ctx, channel, data)
}

// TestQueueStartUnannouncedNotQueuedAgain: Ann waits; Bob's queue message
// pairs them and their race is stored, but its start cannot be published.
// Bob joins it at once, on the node that paired him. Ann must not be put
// back in the queue (she would be paired while a race waits for her): her
// node, missing her entry, finds the race and joins her to it.
func TestQueueStartUnannouncedNotQueuedAgain(t *testing.T) {
	t.Parallel()
	store, broker, lobby := hub.MemoryBackends()
	pub := &failingPublish{Broker: broker}
	cfg := hub.Config{Store: store, Broker: pub, Presence: broker, Lobby: lobby, QueueTTL: lostTTL}
	s := newServer(t, cfg)
	s.run(t)

	a, wa := s.dial(t, "Ann", client.Options{})
	waitQueued(t, a)
	b, _ := s.dial(t, "Bob", client.Options{})
	pub.fails.Store(1)
	if err := b.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
		t.Fatal(err)
	}
	rb, err := b.WaitRace(ctxT(t))
	if err != nil {
		t.Fatalf("Bob never joined the race stored for him: %v", err)
	}
	if !missing(t, lobby, wa.Player) {
		t.Fatal("Ann was queued again although her race is stored")
	}
	ra, err := a.WaitRace(ctxT(t))
	if err != nil {
		t.Fatalf("Ann never joined the race stored for her: %v", err)
	}
	if ra.Race.ID != rb.Race.ID {
		t.Errorf("Ann races %s, Bob %s", ra.Race.ID, rb.Race.ID)
	}
}
