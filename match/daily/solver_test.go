package daily_test

import (
	"context"
	"testing"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match/daily"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/matchtest"
)

// TestProvenWinnable uses a real (small) search as the Checker: the day's
// deal comes with a winning line that replays to a win.
func TestProvenWinnable(t *testing.T) {
	const budget = 3000
	// Under this secret the search fails on try 0 and wins try 1 of the
	// test's day, so the test stays quick under -race and sees a refusal.
	secret := []byte("daily solver test secret 0030..")
	s, _ := newService(t, daily.Config{Secret: secret, Checker: func(ctx context.Context, seed uint64, profile string) (bool, error) {
		return matchtest.Solve(games.All, profile, seed, budget) != nil, ctx.Err()
	}})
	c, err := s.Today(t.Context(), "relaxed-1")
	if err != nil {
		t.Fatal(err)
	}
	if !c.SolverChecked || c.Try != 1 {
		t.Fatalf("got %+v, want try 1 proven winnable", c)
	}
	rules, _ := klondike.Profile("relaxed-1")
	st, err := klondike.New(klondike.NewDeal(c.Seed), rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range matchtest.Solve(games.All, "relaxed-1", c.Seed, budget) {
		m, err := klondike.ParseMove(text.String())
		if err == nil {
			err = st.Apply(m)
		}
		if err != nil {
			t.Fatalf("move %v: %v", m, err)
		}
	}
	if !st.Won() {
		t.Errorf("got the winning line of seed %d (try %d) not winning, want a win", c.Seed, c.Try)
	}
}
