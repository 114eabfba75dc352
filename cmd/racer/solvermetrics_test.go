package main

import (
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/solitaire-race/racer/klondike"
)

func TestRegisterSolverSecondsObservesEachSearch(t *testing.T) {
	reg := prometheus.NewRegistry()
	onSolve, err := registerSolverSeconds(reg, []string{"bvs", "classic-3"})
	if err != nil {
		t.Fatal(err)
	}
	r, err := klondike.Profile("bvs")
	if err != nil {
		t.Fatal(err)
	}
	onSolve(r, 30*time.Millisecond, true)
	onSolve(r, 2*time.Second, false)
	fams, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]uint64{}
	for _, f := range fams {
		if f.GetName() != "racer_solver_seconds" {
			continue
		}
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "profile" {
					counts[l.GetValue()] = m.GetHistogram().GetSampleCount()
				}
			}
		}
	}
	want := map[string]uint64{"bvs": 2, "classic-3": 0}
	if len(counts) != len(want) {
		t.Errorf("series: got %v, want %v", counts, want)
	}
	for p, n := range want {
		if got, ok := counts[p]; !ok || got != n {
			t.Errorf("racer_solver_seconds{profile=%q} count: got %d (present %v), want %d", p, got, ok, n)
		}
	}
}
