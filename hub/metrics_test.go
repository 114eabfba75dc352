package hub_test

import (
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/klondike"
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
	if err := a.Send(ctxT(t), hub.ClientMessage{Type: hub.TypeQueue}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.WaitType(ctxT(t), hub.TypeQueued); err != nil {
		t.Fatal(err)
	}
	if got := length(); got != 1 {
		t.Errorf("queue length with Ann waiting: got %v, want 1", got)
	}
	if got := waits(); got != 0 {
		t.Errorf("queue waits before pairing: got %d, want 0", got)
	}
	if err := b.Send(ctxT(t), hub.ClientMessage{Type: hub.TypeQueue}); err != nil {
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
