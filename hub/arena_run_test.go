package hub_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/archive/archivetest"
	"github.com/solitaire-race/racer/match/arena"
	"github.com/solitaire-race/racer/match/game/games"
)

// signalArchive is a real archive that reports each SaveArena it was
// asked for.
type signalArchive struct {
	archive.Archive
	saved chan bool
}

func (s *signalArchive) SaveArena(ctx context.Context, a arena.Arena, st []arena.Standing) (bool, error) {
	first, err := s.Archive.SaveArena(ctx, a, st)
	if err == nil {
		s.saved <- first
	}
	return first, err
}

// TestArenaArchivedAtEnd ends an arena with recorded results and no
// race running: the node archives its final standings once, equal to a
// recomputation from the results, in a real SQLite archive.
func TestArenaArchivedAtEnd(t *testing.T) {
	t.Parallel()
	ar, err := archive.Open(t.Context(), archivetest.SQLiteFile(t), games.All)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ar.Close() })
	sig := &signalArchive{Archive: ar, saved: make(chan bool, 16)}
	st := arena.NewMemory(arena.MemoryConfig{})
	s := newServer(t, hub.Config{Arenas: st, ArenaTick: 20 * time.Millisecond, ArenaArchive: sig})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = s.hub.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })

	now := time.Now()
	a := arena.Arena{ID: "ends", Name: "Short", Profile: "bvs", Start: now.Add(-time.Second).Truncate(time.Millisecond).UTC(),
		Duration: 1500 * time.Millisecond, RaceSize: 2, Rated: true}
	if err := st.Create(ctx, a); err != nil {
		t.Fatal(err)
	}
	players := []arena.Entrant{{ID: "ann", Name: "Ann"}, {ID: "bob", Name: "Bob"}, {ID: "cy", Name: "Cy"}}
	for _, p := range players {
		if err := st.Join(ctx, a.ID, p); err != nil {
			t.Fatal(err)
		}
		// Paused: nobody is paired; the results are written here.
		if err := st.SetPaused(ctx, a.ID, p.ID, true); err != nil {
			t.Fatal(err)
		}
	}
	results := []arena.RaceResult{
		{Race: "r1", FinishedAt: now, Outcomes: []arena.Outcome{{Player: "ann", Place: 1, Cards: 52}, {Player: "bob", Place: 2, Cards: 12}}},
		{Race: "r2", FinishedAt: now.Add(time.Millisecond), Outcomes: []arena.Outcome{{Player: "bob", Place: 1, Cards: 52}, {Player: "cy", Place: 2, Cards: 3, Resigned: true}}},
	}
	for _, r := range results {
		if _, err := st.Record(ctx, a.ID, r, 0); err != nil {
			t.Fatal(err)
		}
	}
	select {
	case first := <-sig.saved:
		if !first {
			t.Fatal("the first archiving of the arena found it archived")
		}
	case <-ctxT(t).Done():
		t.Fatal("the arena was never archived")
	}
	gotA, got, err := ar.LoadArena(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(gotA, a) {
		t.Errorf("got arena %+v, want %+v", gotA, a)
	}
	if want := arena.Recompute(players, results); !reflect.DeepEqual(got, want) {
		t.Errorf("got standings %+v, want %+v", got, want)
	}
	if got[2].Player != "cy" || got[2].Points != 0 {
		t.Errorf("got last line %+v, want Cy with 0 points (resigned)", got[2])
	}
}
