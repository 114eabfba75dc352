package leaderboard_test

import (
	"testing"

	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/leaderboard/leaderboardtest"
)

func TestMemoryStore(t *testing.T) {
	leaderboardtest.Suite(t, func(t *testing.T) leaderboard.Store {
		return leaderboard.NewMemoryStore()
	})
}
