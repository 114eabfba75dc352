package analysis_test

import (
	"context"
	"errors"
	"log/slog"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match/analysis"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/replay"
)

// failingSaves is a shared store whose saves fail: a node whose analysis
// cannot be stored.
type failingSaves struct{ *replay.RedisStore }

func (failingSaves) SaveAnalysis(context.Context, string, string, replay.GameAnalysis) error {
	return errors.New("the store is read-only")
}

// TestPoolClaimsAcrossNodes: two nodes on one Redis asked for the same
// race's analysis analyse each game once: the second finds the first's
// claims and leaves the games to it. A node whose analysis fails lets
// its claim go, and the other node then analyses the game.
func TestPoolClaimsAcrossNodes(t *testing.T) {
	c := redistest.Client(t) // skips without redis-server, fails under CI=true
	store, err := replay.NewRedisStore(replay.RedisConfig{Client: c, Prefix: redistest.Unique("test:claims:") + ":"})
	if err != nil {
		t.Fatal(err)
	}
	pool := func(s replay.AnalysisStore) (*analysis.Pool, *prometheus.Registry) {
		reg := prometheus.NewRegistry()
		p, err := analysis.New(analysis.Config{Store: s, Lookup: games.Lookup, Registerer: reg, Logger: slog.New(slog.DiscardHandler)})
		if err != nil {
			t.Fatal(err)
		}
		return p, reg
	}
	rp := sample(redistest.Unique("claims-"))
	a, regA := pool(store)
	b, regB := pool(store)
	a.Request("", rp, []string{"a", "b"})
	b.Request("", rp, []string{"a", "b"})
	runUntilIdle(t, a)
	runUntilIdle(t, b)
	if got := gamesTotal(t, regA, "done"); got != 2 {
		t.Errorf("node A analysed %v games, want both", got)
	}
	if got, want := gamesTotal(t, regB, "elsewhere"), 2.0; got != want || gamesTotal(t, regB, "done") != 0 {
		t.Errorf("node B left %v games to A and analysed %v, want %v and none", got, gamesTotal(t, regB, "done"), want)
	}
	if got, _ := store.LoadAnalyses(t.Context(), rp.Race); len(got) != 2 {
		t.Errorf("stored %d analyses, want 2", len(got))
	}

	// A node that cannot store its analysis lets the claim go.
	rp2 := sample(redistest.Unique("claims-failed-"))
	bad, regBad := pool(failingSaves{store})
	bad.Request("", rp2, []string{"a"})
	runUntilIdle(t, bad)
	if got := gamesTotal(t, regBad, "failed"); got != 1 {
		t.Fatalf("failed: got %v, want 1", got)
	}
	good, regGood := pool(store)
	good.Request("", rp2, []string{"a"})
	runUntilIdle(t, good)
	if got := gamesTotal(t, regGood, "done"); got != 1 {
		t.Errorf("after a failed node's claim: analysed %v, want 1", got)
	}
}
