package main

import (
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/storetest"
)

// TestMemoryStoreBoundsAndMetrics: without -redis, -max-finished bounds
// the finished races held, and the metrics say what is held and dropped.
func TestMemoryStoreBoundsAndMetrics(t *testing.T) {
	reg := prometheus.NewRegistry()
	be, err := newBackends(options{hotTTL: time.Hour, maxFinished: 1}, reg, &health{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	var ids []string
	for range 3 {
		r, err := be.store.CreateRace(ctx, storetest.NewRace(t, "a", "b"))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, r.ID)
	}
	for _, id := range ids[:2] {
		if _, _, err := be.store.Finish(ctx, id, match.Result{Reason: match.EndAllDone}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := be.store.Load(ctx, ids[0]); err == nil {
		t.Error("got the first finished race held past -max-finished 1, want it dropped")
	}
	got := map[string]float64{}
	for _, m := range gathered(t, reg, "racer_memory_store_races") {
		got[m.GetLabel()[0].GetValue()] = m.GetGauge().GetValue()
	}
	if got["live"] != 1 || got["finished"] != 1 || len(got) != 2 {
		t.Errorf("racer_memory_store_races: got %v, want live 1, finished 1", got)
	}
	if ms := gathered(t, reg, "racer_memory_store_dropped_total"); len(ms) != 1 || ms[0].GetCounter().GetValue() != 1 {
		t.Errorf("racer_memory_store_dropped_total: got %v, want 1", ms)
	}
}
