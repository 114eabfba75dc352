package hub_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/lobby"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/matchtest"
)

// lostTTL is the QueueTTL of these tests: renewals every 200 ms.
const lostTTL = 600 * time.Millisecond

// sharedBackends are the memory backends and Redis, each with the
// store, broker and lobby the test's nodes share.
var sharedBackends = []struct {
	name string
	cfg  func(t *testing.T) hub.Config
}{
	{"memory", func(t *testing.T) hub.Config {
		store, broker, lobby := hub.MemoryBackends()
		return hub.Config{Store: store, Broker: broker, Presence: broker, Lobby: lobby}
	}},
	{"redis", func(t *testing.T) hub.Config { return redisBackends(t, redistest.Client(t)) }},
}

// run runs the hub's background work (queue renewals) until cleanup.
func (s *testServer) run(t *testing.T) {
	t.Helper()
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = s.hub.Run(ctx); close(done) }()
	t.Cleanup(func() { stop(); <-done })
}

// waitQueued sends queue and waits for queued.
func waitQueued(t *testing.T, c *client.Client) {
	t.Helper()
	if err := c.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.WaitType(ctxT(t), wire.TypeQueued); err != nil {
		t.Fatal(err)
	}
}

// missing reports whether player has no entry in lobby's default queue
// (asked with Touch, which adds none).
func missing(t *testing.T, lobby lobby.Lobby, player string) bool {
	t.Helper()
	m, err := lobby.Touch(ctxT(t), klondike.DefaultProfile, []string{player}, lostTTL)
	if err != nil {
		t.Fatalf("Touch: %v", err)
	}
	return slices.Contains(m, player)
}

// TestQueueEntryLostQueuedAgain: Ann waits, connected, and her lobby entry
// vanishes behind her node's back (as when it expires while Redis is out
// of reach). Two renewals later her node queues her again, and Bob, who
// queues next, races her.
func TestQueueEntryLostQueuedAgain(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		cfg  func(t *testing.T) hub.Config
	}{
		{"memory", func(t *testing.T) hub.Config { return hub.Config{} }},
		{"redis", func(t *testing.T) hub.Config { return redisBackends(t, redistest.Client(t)) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := tc.cfg(t)
			if cfg.Lobby == nil {
				cfg.Lobby = lobby.NewMemory()
			}
			cfg.QueueTTL = lostTTL
			lobby := cfg.Lobby
			spy := newSpyLobby(lobby, false)
			cfg.Lobby = spy
			s := newServer(t, cfg)
			s.run(t)

			a, wa := s.dial(t, "Ann", client.Options{})
			waitQueued(t, a)
			// (Her entry may have expired already, if renewals lagged on a
			// busy machine: the same case.)
			if _, err := lobby.Dequeue(ctxT(t), klondike.DefaultProfile, wa.Player); err != nil {
				t.Fatalf("Dequeue Ann behind the hub's back: %v", err)
			}
			lost := time.Now()
			for missing(t, lobby, wa.Player) {
				if time.Since(lost) > waitFor {
					t.Fatalf("Ann still out of the queue %v after her entry was lost, want queued again", waitFor)
				}
				time.Sleep(10 * time.Millisecond)
			}
			if n := spy.missesOf(wa.Player); n < 2 {
				t.Errorf("Ann queued again after %d renewal(s) missed her entry, want 2", n)
			}

			b, wb := s.dial(t, "Bob", client.Options{})
			if err := b.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
				t.Fatal(err)
			}
			ra, rb := bothRace(t, a, b)
			var got []string
			for _, r := range ra.Race.Racers {
				got = append(got, r.ID)
			}
			want := []string{wa.Player, wb.Player} // the one waiting first
			if ra.Race.ID != rb.Race.ID || !slices.Equal(got, want) {
				t.Errorf("Ann in race %s of %v, Bob in %s; want one race of Ann and Bob %v", ra.Race.ID, got, rb.Race.ID, want)
			}
		})
	}
}

// TestQueuePairedElsewhereNotQueuedAgain: Bob, on node 2, is paired with
// Ann, who waits on node 1; node 2 is slow to deal, so node 1's renewal
// misses Ann's entry before the race's start event reaches her. Node 1
// must not queue her again at that first miss: once the race has started
// she has no entry, and Carl, queueing next, waits.
func TestQueuePairedElsewhereNotQueuedAgain(t *testing.T) {
	t.Parallel()
	store, broker, lobby := hub.MemoryBackends()
	cfg := hub.Config{Store: store, Broker: broker, Presence: broker, Lobby: lobby,
		Secret: []byte("cluster secret"), QueueTTL: lostTTL}
	cfg1, cfg2 := cfg, cfg
	spy := newSpyLobby(lobby, true)
	cfg1.Lobby = spy
	seed, _ := matchtest.Winnable(games.All, "bvs")
	dealer := &heldDealer{seed: seed, dealing: make(chan struct{}, 1), release: make(chan struct{})}
	cfg2.Dealer = dealer
	n1, n2 := newServer(t, cfg1), newServer(t, cfg2)
	n1.run(t)

	a, wa := n1.dial(t, "Ann", client.Options{})
	waitQueued(t, a)
	b, _ := n2.dial(t, "Bob", client.Options{})
	if err := b.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-dealer.dealing: // Bob took Ann out of the queue
	case <-ctxT(t).Done():
		t.Fatal("node 2 never dealt a race for Bob")
	}
	select {
	case <-spy.missed(): // node 1's renewals are held from now on
	case <-ctxT(t).Done():
		t.Fatal("node 1 never missed Ann's entry")
	}
	// Were Ann queued again at this miss, it would be done by now, and
	// her entry would outlive the race's start (by up to QueueTTL).
	time.Sleep(lostTTL / 3)
	close(dealer.release)
	if _, err := a.WaitRace(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	if !missing(t, lobby, wa.Player) {
		t.Fatalf("Ann, paired and racing, has an entry in the queue: queued again at the first miss")
	}
	spy.release()           // the held renewal asks about Ann again
	time.Sleep(lostTTL / 2) // and is answered
	if !missing(t, lobby, wa.Player) {
		t.Errorf("Ann, paired and racing, has an entry in the queue after the held renewal")
	}
	c, _ := n2.dial(t, "Carl", client.Options{})
	if err := c.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
		t.Fatal(err)
	}
	m, err := c.Wait(ctxT(t), func(m client.Message) bool {
		return m.Type == wire.TypeQueued || m.Type == wire.TypeRace || m.Type == wire.TypeError
	})
	if err != nil {
		t.Fatal(err)
	}
	if m.Type != wire.TypeQueued {
		t.Errorf("Carl got %s, want %s: paired with Ann, who is racing Bob", m.Raw, wire.TypeQueued)
	}
}

// spyLobby is a real Lobby that counts how often Touch reported each
// player missing and, when hold is set, holds every Touch after the first
// miss until release.
type spyLobby struct {
	lobby.Lobby
	hold bool

	mu      sync.Mutex
	misses  map[string]int
	miss    chan struct{} // closed at the first miss
	holding chan struct{} // closed by release
}

func newSpyLobby(l lobby.Lobby, hold bool) *spyLobby {
	return &spyLobby{Lobby: l, hold: hold, misses: map[string]int{},
		miss: make(chan struct{}), holding: make(chan struct{})}
}

// missed is closed when Touch first reports a player missing.
func (l *spyLobby) missed() <-chan struct{} { return l.miss }

// release lets Touch through again.
func (l *spyLobby) release() { close(l.holding) }

// missesOf returns how often Touch reported player missing.
func (l *spyLobby) missesOf(player string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.misses[player]
}

func (l *spyLobby) Touch(ctx context.Context, profile string, ids []string, ttl time.Duration) ([]string, error) {
	if l.hold {
		select {
		case <-l.miss:
			select {
			case <-l.holding:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		default:
		}
	}
	m, err := l.Lobby.Touch(ctx, profile, ids, ttl)
	if err == nil && len(m) > 0 {
		l.mu.Lock()
		for _, id := range m {
			l.misses[id]++
		}
		select {
		case <-l.miss:
		default:
			close(l.miss)
		}
		l.mu.Unlock()
	}
	return m, err
}

// heldDealer deals seed once release is closed, saying on dealing that it
// was asked.
type heldDealer struct {
	seed    uint64
	dealing chan struct{}
	release chan struct{}
}

func (d *heldDealer) Deal(ctx context.Context, profile string) (uint64, bool, error) {
	select {
	case d.dealing <- struct{}{}:
	default:
	}
	select {
	case <-d.release:
		return d.seed, false, nil
	case <-ctx.Done():
		return 0, false, ctx.Err()
	}
}

var _ match.Dealer = (*heldDealer)(nil)

// TestQueueStartEventLostRaceJoined: Ann waits; a node pairs her with Bob
// and stores their race, but its start event never reaches her (the node
// could not publish it). Her node, missing her entry, must not queue her
// again (she would be paired while racing): it finds the race among her
// live ones and joins her to it, and she stays out of the queue.
func TestQueueStartEventLostRaceJoined(t *testing.T) {
	t.Parallel()
	for i, tc := range sharedBackends {
		t.Run(tc.name, func(t *testing.T) {
			if testing.Short() && i > 0 {
				t.Skip("-short: runs the first backend only; CI runs every backend (go test without -short)")
			}
			cfg := tc.cfg(t)
			cfg.QueueTTL = lostTTL
			s := newServer(t, cfg)
			s.run(t)

			a, wa := s.dial(t, "Ann", client.Options{})
			waitQueued(t, a)
			// Another node pairs her: her entry goes, the race is stored,
			// and no start event is published.
			if _, err := cfg.Lobby.Dequeue(ctxT(t), klondike.DefaultProfile, wa.Player); err != nil {
				t.Fatalf("Dequeue Ann behind the hub's back: %v", err)
			}
			seed, _ := matchtest.Winnable(games.All, klondike.DefaultProfile)
			r := match.Race{ID: "lost-start", Profile: klondike.DefaultProfile, Seed: seed, Nonce: []byte{1},
				Commitment: "c0ffee", Racers: []match.Racer{{ID: "bob", Name: "Bob"}, {ID: wa.Player, Name: "Ann"}},
				Countdown: time.Second, TimeLimit: 10 * time.Minute}
			if _, err := cfg.Store.CreateRace(ctxT(t), r); err != nil {
				t.Fatal(err)
			}
			got, err := a.WaitRace(ctxT(t))
			if err != nil {
				t.Fatalf("Ann never joined the race dealt to her: %v", err)
			}
			if got.Race.ID != r.ID {
				t.Errorf("Ann joined race %s, want %s", got.Race.ID, r.ID)
			}
			// Renewals go on every lostTTL/3, and two that miss an entry
			// queue its player again: after three she must still have no
			// entry.
			time.Sleep(lostTTL)
			if !missing(t, cfg.Lobby, wa.Player) {
				t.Error("Ann queued again while racing the race dealt to her")
			}
		})
	}
}
