package main

import (
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

func TestRegisterSolverSecondsObservesEachSearch(t *testing.T) {
	reg := prometheus.NewRegistry()
	observe, err := registerSolverSeconds(reg, []string{"bvs", "classic-3", "spider-2"})
	if err != nil {
		t.Fatal(err)
	}
	observe("bvs", 30*time.Millisecond)
	observe("bvs", 2*time.Second)
	observe("spider-2", time.Second)
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
	want := map[string]uint64{"bvs": 2, "classic-3": 0, "spider-2": 1}
	if len(counts) != len(want) {
		t.Errorf("series: got %v, want %v", counts, want)
	}
	for p, n := range want {
		if got, ok := counts[p]; !ok || got != n {
			t.Errorf("racer_solver_seconds{profile=%q} count: got %d (present %v), want %d", p, got, ok, n)
		}
	}
}
