package archivetest

import (
	"reflect"
	"testing"

	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/replay"
	"github.com/solitaire-race/racer/match/replay/replaytest"
)

// analysisTests are the suite's tests of the analyses of racers' games.
func analysisTests(t *testing.T, games *game.Registry, open func(t *testing.T) archive.Archive) {
	t.Run("AnalysisStore", func(t *testing.T) {
		replaytest.AnalysisSuite(t, func(t *testing.T) replay.AnalysisStore { return open(t) })
	})
	t.Run("Analyses", func(t *testing.T) {
		replaytest.AnalysisSuite(t, func(t *testing.T) replay.AnalysisStore {
			s, err := archive.NewAnalyses(archive.AnalysesConfig{Hot: replay.NewMemoryStore(), Archive: open(t)})
			if err != nil {
				t.Fatal(err)
			}
			return s
		})
	})
	t.Run("AnalysisAfterArchive", func(t *testing.T) { testAnalysisAfterArchive(t, games, open(t)) })
	t.Run("AnalysisBeforeArchive", func(t *testing.T) { testAnalysisBeforeArchive(t, games, open(t)) })
}

// sampleAnalysis is an analysis of a game of n moves whose move k threw
// it away.
func sampleAnalysis(n, k int) replay.GameAnalysis {
	a := replay.GameAnalysis{FirstLost: &k, Line: []string{"6-F", "D", "W-3", "4-F"}}
	for i := range n + 1 {
		if i < k {
			a.Verdicts = append(a.Verdicts, "won")
		} else {
			a.Verdicts = append(a.Verdicts, "lost")
		}
	}
	return a
}

// testAnalysisAfterArchive: an analysis that ends once its race is
// archived goes to the archive at once, and is read from there once the
// hot store has let it go.
func testAnalysisAfterArchive(t *testing.T, games *game.Registry, a archive.Archive) {
	ctx := t.Context()
	rp := PlayRace(t, games, UniqueID("late"), "bvs", 7, 40)
	if _, err := a.Save(ctx, rp); err != nil {
		t.Fatal(err)
	}
	s, err := archive.NewAnalyses(archive.AnalysesConfig{Hot: replay.NewMemoryStore(), Archive: a})
	if err != nil {
		t.Fatal(err)
	}
	want := sampleAnalysis(40, 12)
	player := rp.Racers[0].ID
	if err := s.SaveAnalysis(ctx, rp.Race, player, want); err != nil {
		t.Fatal(err)
	}
	got, err := a.LoadAnalyses(ctx, rp.Race)
	if err != nil || !reflect.DeepEqual(got[player], want) {
		t.Fatalf("archive: got %+v, %v; want %+v", got[player], err, want)
	}
	// A node whose hot store expired (a fresh one) reads the archive's.
	cold, _ := archive.NewAnalyses(archive.AnalysesConfig{Hot: replay.NewMemoryStore(), Archive: a})
	got, err = cold.LoadAnalyses(ctx, rp.Race)
	if err != nil || len(got) != 1 || !reflect.DeepEqual(got[player], want) {
		t.Errorf("hot store expired: got %+v, %v; want the archive's %+v", got, err, want)
	}
}

// testAnalysisBeforeArchive: an analysis that ends while its race is
// queued waits in the hot store; Archived copies it, twice harmlessly.
func testAnalysisBeforeArchive(t *testing.T, games *game.Registry, a archive.Archive) {
	ctx := t.Context()
	rp := PlayRace(t, games, UniqueID("early"), "bvs", 7, 30)
	hot := replay.NewMemoryStore()
	s, err := archive.NewAnalyses(archive.AnalysesConfig{Hot: hot, Archive: a})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]replay.GameAnalysis{}
	for i, x := range rp.Racers {
		want[x.ID] = sampleAnalysis(30, 5+i)
		if err := s.SaveAnalysis(ctx, rp.Race, x.ID, want[x.ID]); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := a.LoadAnalyses(ctx, rp.Race); err != nil || len(got) != 0 {
		t.Fatalf("race not archived: got %v, %v in the archive; want nothing yet", got, err)
	}
	if got, err := s.LoadAnalyses(ctx, rp.Race); err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("race not archived: got %+v, %v; want the hot store's %+v", got, err, want)
	}
	if _, err := a.Save(ctx, rp); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := s.Archived(ctx, rp.Race); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := a.LoadAnalyses(ctx, rp.Race); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("archived: got %+v, %v; want %+v", got, err, want)
	}
}
