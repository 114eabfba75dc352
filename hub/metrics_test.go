package hub_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/broker"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match"
)

// sample returns the metric name's series whose labels include want.
func sample(t *testing.T, reg *prometheus.Registry, name string, want map[string]string) *dto.Metric {
	t.Helper()
	fams, err := reg.Gather()
	if err != nil {
		t.Fatalf("Gather: %v", err)
	}
	for _, f := range fams {
		if f.GetName() != name {
			continue
		}
	next:
		for _, m := range f.GetMetric() {
			got := map[string]string{}
			for _, l := range m.GetLabel() {
				got[l.GetName()] = l.GetValue()
			}
			for k, v := range want {
				if got[k] != v {
					continue next
				}
			}
			return m
		}
	}
	t.Fatalf("no %s series with labels %v", name, want)
	return nil
}

func TestQueueMetricsMoveWhenPlayersQueueAndPair(t *testing.T) {
	t.Parallel()
	reg := prometheus.NewRegistry()
	s := newServer(t, hub.Config{Registerer: reg})
	profile := map[string]string{"profile": klondike.DefaultProfile}
	length := func() float64 { return sample(t, reg, "racer_queue_length", profile).GetGauge().GetValue() }
	waits := func() uint64 {
		return sample(t, reg, "racer_queue_wait_seconds", profile).GetHistogram().GetSampleCount()
	}

	if got := length(); got != 0 {
		t.Fatalf("queue length before anyone queues: got %v, want 0", got)
	}
	a, wa := s.dial(t, "Ann", client.Options{})
	b, _ := s.dial(t, "Bob", client.Options{})
	if err := a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.WaitType(ctxT(t), wire.TypeQueued); err != nil {
		t.Fatal(err)
	}
	if got := length(); got != 1 {
		t.Errorf("queue length with Ann waiting: got %v, want 1", got)
	}
	if got := waits(); got != 0 {
		t.Errorf("queue waits before pairing: got %d, want 0", got)
	}
	if err := b.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.WaitRace(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	if _, err := b.WaitRace(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	if got := length(); got != 0 {
		t.Errorf("queue length after pairing: got %v, want 0", got)
	}
	if got := waits(); got != 1 {
		t.Errorf("queue waits after pairing: got %d, want 1", got)
	}
	if got := sample(t, reg, "racer_races", map[string]string{"state": "running"}).GetGauge().GetValue(); got != 1 {
		t.Errorf("racer_races{state=running}: got %v, want 1", got)
	}

	// Ann comes back on a new connection: one reconnect.
	a.Drop()
	a2, _ := s.redial(t, wa.Token, client.Options{})
	if _, err := a2.WaitRace(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	if got := sample(t, reg, "racer_reconnects_total", nil).GetCounter().GetValue(); got != 1 {
		t.Errorf("racer_reconnects_total: got %v, want 1", got)
	}
}

// lateLiveStore answers LiveFor late: it waits (at most 300 ms) until
// the player has a live race and then reads, as a slow store reply that
// arrives after the player's first race was paired would. The hub reads
// before it takes the connection's next message, so no race is paired
// during the wait and it runs out; a read made beside the queue would
// find the race milliseconds after the second player's queue message.
type lateLiveStore struct {
	match.Store
	// returned gets a value when a LiveFor returns, while it has room:
	// the test waits for the first two.
	returned chan struct{}
}

func (s *lateLiveStore) LiveFor(ctx context.Context, player string) ([]match.Race, error) {
	defer func() {
		select {
		case s.returned <- struct{}{}:
		default:
		}
	}()
	deadline := time.Now().Add(300 * time.Millisecond)
	for time.Now().Before(deadline) {
		races, err := s.Store.LiveFor(ctx, player)
		if err != nil || len(races) > 0 {
			return races, err
		}
		time.Sleep(5 * time.Millisecond)
	}
	return s.Store.LiveFor(ctx, player)
}

// lateStartBroker delivers races' start events 300 ms late.
type lateStartBroker struct{ *broker.Memory }

func (b lateStartBroker) Publish(ctx context.Context, channel string, data []byte) error {
	if bytes.Contains(data, []byte(`"start"`)) {
		time.Sleep(300 * time.Millisecond)
	}
	return b.Memory.Publish(ctx, channel, data)
}

// A race paired on a connection after its hello is not a reconnect, however
// late the store answers the hello's read of the player's live races and
// however late the race's start reaches the connection.
func TestReconnectsNotCountedForRacesPairedAfterHello(t *testing.T) {
	t.Parallel()
	reg := prometheus.NewRegistry()
	store, broker, lobby := hub.MemoryBackends()
	late := &lateLiveStore{Store: store, returned: make(chan struct{}, 2)}
	s := newServer(t, hub.Config{Registerer: reg, Store: late, Broker: lateStartBroker{broker}, Lobby: lobby})
	a, _ := s.dial(t, "Ann", client.Options{})
	b, _ := s.dial(t, "Bob", client.Options{})
	for _, c := range []*client.Client{a, b} {
		if err := c.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []*client.Client{a, b} {
		if _, err := c.WaitRace(ctxT(t)); err != nil {
			t.Fatal(err)
		}
	}
	// Both hellos' reads have returned (bounded by lateLiveStore's second);
	// a reconnect counted from them would follow at once.
	timeout := time.After(3 * time.Second)
wait:
	for range 2 {
		select {
		case <-late.returned:
		case <-timeout:
			break wait
		}
	}
	time.Sleep(100 * time.Millisecond)
	if got := sample(t, reg, "racer_reconnects_total", nil).GetCounter().GetValue(); got != 0 {
		t.Errorf("racer_reconnects_total after a pairing on fresh connections: got %v, want 0", got)
	}
}
