package daily_test

import (
	"context"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/daily"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/scoreboard"
)

// TestSpiderDaily: each Spider profile has its own challenge beside
// Klondike's, checked by the Checker under its profile's name, with its
// own race IDs and board.
func TestSpiderDaily(t *testing.T) {
	store := leaderboard.NewMemoryStore()
	var asked []string
	s, _ := newService(t, daily.Config{Store: store, MaxTries: 2, Checker: func(_ context.Context, _ uint64, profile string) (bool, error) {
		asked = append(asked, profile)
		return profile == "spider-1", nil
	}})
	ctx := t.Context()
	one, err := s.Today(ctx, "spider-1")
	if err != nil {
		t.Fatal(err)
	}
	two, err := s.Today(ctx, "spider-2")
	if err != nil {
		t.Fatal(err)
	}
	if !one.SolverChecked || two.SolverChecked || one.Seed == two.Seed {
		t.Errorf("challenges %+v and %+v, want spider-1's checked, spider-2's not, different seeds", one, two)
	}
	if len(asked) != 3 || asked[0] != "spider-1" || asked[1] != "spider-2" {
		t.Errorf("checker asked for %v, want spider-1 once, spider-2 twice", asked)
	}
	race, err := s.Start(ctx, "spider-2", match.Racer{ID: "ann", Name: "Ann", Account: true})
	if err != nil {
		t.Fatal(err)
	}
	if p, _, ok := daily.ParseRaceID(race.ID); !ok || p != "spider-2" || race.Profile != "spider-2" {
		t.Fatalf("race %+v, want a spider-2 daily race", race)
	}
	if _, err := match.New(race, match.Options{Games: games.All}); err != nil {
		t.Errorf("the daily race does not deal: %v", err)
	}
	if _, err := s.Start(ctx, "bvs", match.Racer{ID: "ann", Name: "Ann", Account: true}); err != nil {
		t.Errorf("Klondike's daily after Spider's: %v", err)
	}
	race.StartAt = time.Date(2026, 11, 30, 15, 5, 0, 0, time.UTC)
	won := match.Result{Race: race.ID, Reason: match.EndWin, Standings: []match.Standing{{Place: 1, Player: "ann", Name: "Ann",
		Status: match.StatusWon, Foundation: 104, Counts: scoreboard.NewCounts(scoreboard.Count{Name: "completed", Value: 8, OmitZero: true}), ReachedAt: race.StartAt.Add(4 * time.Minute), Actions: 300}}}
	if ok, err := s.Finish(ctx, race, won); err != nil || !ok {
		t.Fatalf("Finish: %v, %v", ok, err)
	}
	n, err := store.Count(ctx, leaderboard.Board{Profile: "spider-2", Kind: leaderboard.KindDaily, Period: leaderboard.Day, At: race.StartAt})
	if err != nil || n != 1 {
		t.Errorf("spider-2's daily board holds %d (%v), want 1", n, err)
	}
	if _, err := s.Today(ctx, "spider-3"); err == nil {
		t.Error("spider-3's challenge: got one, want an unknown profile")
	}
}
