package daily_test

import (
	"context"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/solitaire-race/racer/match/daily"
	"github.com/solitaire-race/racer/match/leaderboard"
)

// checker proves only the seed in win winnable and counts its calls.
type checker struct {
	calls atomic.Int64
	win   atomic.Uint64
}

func (c *checker) check(_ context.Context, seed uint64, _ string) (bool, error) {
	c.calls.Add(1)
	return seed == c.win.Load(), nil
}

// TestClaimedChallengeIsNotSearched: a node that finds the day's
// candidate claimed (by a dealer, or another node) takes it without
// searching.
func TestClaimedChallengeIsNotSearched(t *testing.T) {
	store := leaderboard.NewMemoryStore()
	var first, second checker
	dealer, _ := newService(t, daily.Config{Store: store, Checker: first.check})
	node, _ := newService(t, daily.Config{Store: store, Checker: second.check})
	first.win.Store(dealer.Seed("bvs", "2026-11-30", 2))
	c, err := dealer.Today(t.Context(), "bvs")
	if err != nil {
		t.Fatal(err)
	}
	if c.Try != 2 || !c.SolverChecked || first.calls.Load() != 3 {
		t.Fatalf("dealer's challenge: got try %d checked %v after %d checks, want try 2, checked, 3 checks", c.Try, c.SolverChecked, first.calls.Load())
	}
	got, err := node.Today(t.Context(), "bvs")
	if err != nil {
		t.Fatal(err)
	}
	if got.Seed != c.Seed || got.Commitment != c.Commitment || !got.SolverChecked {
		t.Errorf("node's challenge: got %+v, want the dealer's %+v", got, c)
	}
	if n := second.calls.Load(); n != 0 {
		t.Errorf("node's checks: got %d, want 0 (the candidate was claimed)", n)
	}
}

// TestAwaitClaim: with AwaitClaim a node waits for a dealer's claim
// rather than search, and searches itself once the wait is over.
func TestAwaitClaim(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := leaderboard.NewMemoryStore()
		var dealerCheck, nodeCheck checker
		dealer, _ := newService(t, daily.Config{Store: store, Checker: dealerCheck.check})
		node, _ := newService(t, daily.Config{Store: store, Checker: nodeCheck.check, AwaitClaim: time.Minute})
		dealerCheck.win.Store(dealer.Seed("bvs", "2026-11-30", 1))
		done := make(chan daily.Challenge)
		go func() {
			c, err := node.Today(context.Background(), "bvs")
			if err != nil {
				t.Error(err)
			}
			done <- c
		}()
		time.Sleep(20 * time.Second) // the dealer comes late (fake time)
		want, err := dealer.Today(context.Background(), "bvs")
		if err != nil {
			t.Fatal(err)
		}
		got := <-done
		if got.Seed != want.Seed || got.Try != 1 || nodeCheck.calls.Load() != 0 {
			t.Errorf("node: got try %d after %d checks of its own, want the dealer's try 1 and none", got.Try, nodeCheck.calls.Load())
		}

		// No dealer for another profile: the node searches after the wait.
		start := time.Now()
		c, err := node.Today(context.Background(), "classic")
		if err != nil {
			t.Fatal(err)
		}
		if waited := time.Since(start); waited < time.Minute || nodeCheck.calls.Load() == 0 || c.SolverChecked {
			t.Errorf("no dealer: got %v waited, %d checks, checked %v; want a minute's wait, then its own search (none proven)", waited, nodeCheck.calls.Load(), c.SolverChecked)
		}
	})
}
