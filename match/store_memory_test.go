package match_test

import (
	"context"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/storetest"
)

func TestMemoryStore(t *testing.T) {
	storetest.StoreSuite(t, games.All, func(t *testing.T) match.Store {
		return match.NewMemoryStore(match.MemoryStoreConfig{})
	})
}

func TestMemoryStorePublishes(t *testing.T) {
	var got []string
	s := match.NewMemoryStore(match.MemoryStoreConfig{Publish: func(ch string, ev []byte) {
		got = append(got, ch+"="+string(ev))
	}})
	r, err := s.CreateRace(t.Context(), storetest.NewRace(t, "a", "b"))
	if err != nil {
		t.Fatal(err)
	}
	e, err := s.Join(t.Context(), r.ID, "a")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(t.Context(), match.Append{Race: r.ID, Racer: "a", Seq: 1, Epoch: e, Action: "D", Channel: "ch", Event: []byte("x")}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(t.Context(), match.Append{Race: r.ID, Racer: "a", Seq: 3, Epoch: e, Action: "D", Channel: "ch", Event: []byte("y")}); err == nil {
		t.Fatal("out-of-sequence append accepted")
	}
	if len(got) != 1 || got[0] != "ch=x" {
		t.Errorf("published %q, want [ch=x]", got)
	}
}

// testClock is a clock a test moves by hand.
type testClock struct{ now time.Time }

func (c *testClock) Now() time.Time      { return c.now }
func (c *testClock) Add(d time.Duration) { c.now = c.now.Add(d) }
func newTestClock() *testClock {
	return &testClock{now: time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)}
}
func loads(s *match.MemoryStore, id string) bool {
	_, err := s.Load(context.Background(), id)
	return err == nil
}

// createRaces stores n races of racers a and b.
func createRaces(t *testing.T, s *match.MemoryStore, n int) []string {
	t.Helper()
	var ids []string
	for range n {
		r, err := s.CreateRace(t.Context(), storetest.NewRace(t, "a", "b"))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, r.ID)
	}
	return ids
}

func finish(t *testing.T, s *match.MemoryStore, id string) {
	t.Helper()
	if _, _, err := s.Finish(t.Context(), id, match.Result{Reason: match.EndAllDone}); err != nil {
		t.Fatal(err)
	}
}

// TestMemoryStoreMaxFinished: past MaxFinished finished races, those
// that finished first go first; live races stay however old.
func TestMemoryStoreMaxFinished(t *testing.T) {
	clock := newTestClock()
	s := match.NewMemoryStore(match.MemoryStoreConfig{Clock: clock.Now, MaxFinished: 2})
	ids := createRaces(t, s, 5)
	// Finish out of creation order: 2, 0, 3, 1; 4 stays live.
	for _, i := range []int{2, 0, 3, 1} {
		clock.Add(time.Minute)
		finish(t, s, ids[i])
	}
	for i, want := range []bool{false, true, false, true, true} {
		if got := loads(s, ids[i]); got != want {
			t.Errorf("race %d held: got %v, want %v", i, got, want)
		}
	}
	if got, want := s.Stats(), (match.MemoryStoreStats{Live: 1, Finished: 2, Dropped: 2}); got != want {
		t.Errorf("got stats %+v, want %+v", got, want)
	}
	// A finish again changes nothing: the race is counted once.
	finish(t, s, ids[1])
	if got := s.Stats(); got.Finished != 2 || got.Dropped != 2 {
		t.Errorf("after a second Finish: got stats %+v, want 2 finished, 2 dropped", got)
	}
	if live, err := s.Live(t.Context(), 0); err != nil || len(live) != 1 || live[0].ID != ids[4] {
		t.Errorf("got live %v, %v, want race 4 alone", live, err)
	}
}

// TestMemoryStoreKeep: a finished race goes Keep after its end; a live
// race stays, however long it has lived.
func TestMemoryStoreKeep(t *testing.T) {
	clock := newTestClock()
	s := match.NewMemoryStore(match.MemoryStoreConfig{Clock: clock.Now, Keep: time.Hour})
	ids := createRaces(t, s, 3)
	finish(t, s, ids[0])
	clock.Add(30 * time.Minute)
	finish(t, s, ids[1])
	clock.Add(time.Hour - 30*time.Minute - time.Nanosecond)
	if got := s.Stats(); got.Finished != 2 || !loads(s, ids[0]) {
		t.Errorf("just before an hour: got %+v, race 0 held %v, want both finished races held", got, loads(s, ids[0]))
	}
	clock.Add(time.Nanosecond)
	if got, want := s.Stats(), (match.MemoryStoreStats{Live: 1, Finished: 1, Dropped: 1}); got != want {
		t.Errorf("an hour after the first end: got %+v, want %+v", got, want)
	}
	if loads(s, ids[0]) || !loads(s, ids[1]) || !loads(s, ids[2]) {
		t.Errorf("held: got %v %v %v, want race 0 dropped, 1 and 2 held", loads(s, ids[0]), loads(s, ids[1]), loads(s, ids[2]))
	}
	clock.Add(24 * time.Hour)
	createRaces(t, s, 1) // a store drops as it is used, too
	if got, want := s.Stats(), (match.MemoryStoreStats{Live: 2, Finished: 0, Dropped: 2}); got != want {
		t.Errorf("a day later: got %+v, want %+v", got, want)
	}
	if !loads(s, ids[2]) {
		t.Error("got the live race dropped, want it held")
	}
}

// TestMemoryStoreUnbounded: negative bounds keep every finished race.
func TestMemoryStoreUnbounded(t *testing.T) {
	clock := newTestClock()
	s := match.NewMemoryStore(match.MemoryStoreConfig{Clock: clock.Now, Keep: -1, MaxFinished: -1})
	ids := createRaces(t, s, 50)
	for _, id := range ids {
		finish(t, s, id)
	}
	clock.Add(1000 * time.Hour)
	if got, want := s.Stats(), (match.MemoryStoreStats{Finished: 50}); got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

// TestMemoryStoreManyFinished: the count bound holds over many races,
// each one loadable until dropped, the newest always held.
func TestMemoryStoreManyFinished(t *testing.T) {
	s := match.NewMemoryStore(match.MemoryStoreConfig{MaxFinished: 7})
	var all []string
	for i := range 100 {
		ids := createRaces(t, s, 1)
		all = append(all, ids[0])
		finish(t, s, ids[0])
		st := s.Stats()
		if want := min(i+1, 7); st.Finished != want || st.Live != 0 || st.Dropped != uint64(i+1-want) {
			t.Fatalf("after %d races: got %+v, want %d finished", i+1, st, want)
		}
	}
	for i, id := range all {
		if got, want := loads(s, id), i >= len(all)-7; got != want {
			t.Errorf("race %d held: got %v, want %v", i, got, want)
		}
	}
}
