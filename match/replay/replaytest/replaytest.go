// Package replaytest is the shared test suite of replay.Store, run against
// the memory and the Redis implementation.
package replaytest

import (
	"errors"
	"fmt"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/replay"
)

// Suite runs the shared tests against stores made by newStore, one per
// subtest. Race IDs are unique per process and run.
func Suite(t *testing.T, newStore func(t *testing.T) replay.Store) {
	t.Helper()
	tests := []struct {
		name string
		fn   func(t *testing.T, s replay.Store)
	}{
		{"SaveLoad", testSaveLoad},
		{"SaveOnce", testSaveOnce},
		{"ConcurrentSave", testConcurrentSave},
		{"NotFound", testNotFound},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, newStore(t)) })
	}
}

var n atomic.Int64

// Sample returns a replay with a unique race ID, two racers and a few
// actions; every time in it is UTC without a monotonic reading, so a
// replay that went through JSON is deeply equal to it.
func Sample() replay.Replay {
	id := fmt.Sprintf("rp-%d-%d", time.Now().UnixNano()%1e9, n.Add(1))
	start := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	at := func(ms int) time.Time { return start.Add(time.Duration(ms) * time.Millisecond) }
	return replay.Replay{
		Race: id, Profile: "bvs", Seed: 1<<63 + 12345, Nonce: "00ff", Commitment: "abc",
		SolverChecked: true,
		Racers:        []match.Racer{{ID: "a", Name: "Ann"}, {ID: "b", Name: "Bob"}},
		TimeLimit:     10 * time.Minute,
		CreatedAt:     start.Add(-5 * time.Second), StartAt: start,
		Result: match.Result{Race: id, Reason: match.EndAllDone, FinishedAt: at(5000), Standings: []match.Standing{
			{Place: 1, Player: "a", Name: "Ann", Status: match.StatusStuck, Foundation: 3, ReachedAt: at(1500), Actions: 2},
			{Place: 2, Player: "b", Name: "Bob", Status: match.StatusResigned, Actions: 1},
		}},
		Actions: map[string][]replay.Action{
			"a": {{Seq: 1, Action: "D", At: at(1000), Ms: 1000}, {Seq: 2, Action: "W-F", At: at(1500), Ms: 1500}},
			"b": {{Seq: 1, Action: "resign", At: at(2000), Ms: 2000}},
		},
	}
}

func testSaveLoad(t *testing.T, s replay.Store) {
	want := Sample()
	first, err := s.Save(t.Context(), want)
	if err != nil || !first {
		t.Fatalf("got %v, %v, want a first save", first, err)
	}
	got, err := s.Load(t.Context(), want.Race)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

func testSaveOnce(t *testing.T, s replay.Store) {
	rp := Sample()
	if _, err := s.Save(t.Context(), rp); err != nil {
		t.Fatal(err)
	}
	other := rp
	other.Seed = 7
	first, err := s.Save(t.Context(), other)
	if err != nil || first {
		t.Fatalf("got %v, %v for a second save, want false, nil", first, err)
	}
	got, err := s.Load(t.Context(), rp.Race)
	if err != nil {
		t.Fatal(err)
	}
	if got.Seed != rp.Seed {
		t.Errorf("got seed %d, want the first save's %d", got.Seed, rp.Seed)
	}
}

func testConcurrentSave(t *testing.T, s replay.Store) {
	rp := Sample()
	var wg sync.WaitGroup
	var firsts atomic.Int32
	for range 8 {
		wg.Go(func() {
			ok, err := s.Save(t.Context(), rp)
			if err != nil {
				t.Error(err)
			}
			if ok {
				firsts.Add(1)
			}
		})
	}
	wg.Wait()
	if got := firsts.Load(); got != 1 {
		t.Errorf("got %d first saves, want 1", got)
	}
}

func testNotFound(t *testing.T, s replay.Store) {
	if _, err := s.Load(t.Context(), "no-such-race"); !errors.Is(err, replay.ErrNotFound) {
		t.Errorf("got %v, want ErrNotFound", err)
	}
}

// AnalysisSuite runs the shared tests of replay.AnalysisStore against
// stores made by newStore, one per subtest.
func AnalysisSuite(t *testing.T, newStore func(t *testing.T) replay.AnalysisStore) {
	t.Helper()
	t.Run("SaveLoad", func(t *testing.T) {
		s := newStore(t)
		race := Sample().Race
		got, err := s.LoadAnalyses(t.Context(), race)
		if err != nil || len(got) != 0 {
			t.Fatalf("before any save: got %v, %v; want nothing", got, err)
		}
		k := 2
		a := replay.GameAnalysis{Verdicts: []string{"won", "won", "lost"}, FirstLost: &k, Line: []string{"D", "W-F"}}
		b := replay.GameAnalysis{Verdicts: []string{"unknown"}}
		if err := s.SaveAnalysis(t.Context(), race, "a", b); err != nil {
			t.Fatal(err)
		}
		// A later save replaces the earlier one.
		if err := s.SaveAnalysis(t.Context(), race, "a", a); err != nil {
			t.Fatal(err)
		}
		if err := s.SaveAnalysis(t.Context(), race, "b", b); err != nil {
			t.Fatal(err)
		}
		got, err = s.LoadAnalyses(t.Context(), race)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]replay.GameAnalysis{"a": a, "b": b}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("got %+v, want %+v", got, want)
		}
		if other, err := s.LoadAnalyses(t.Context(), Sample().Race); err != nil || len(other) != 0 {
			t.Errorf("another race: got %v, %v; want nothing", other, err)
		}
	})
}
