package results

import (
	"testing"

	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/matchtest"
)

// TestCheckWinnable: the daily challenge's checker proves deals of either
// game with that game's solver.
func TestCheckWinnable(t *testing.T) {
	seed, _ := matchtest.WinnableSpider(games.All, "spider-1")
	kseed, _ := matchtest.Winnable(games.All, "bvs")
	for _, tt := range []struct {
		profile string
		seed    uint64
	}{{"spider-1", seed}, {"bvs", kseed}} {
		ok, err := checkWinnable(games.All)(t.Context(), tt.seed, tt.profile)
		if err != nil || !ok {
			t.Errorf("%s seed %d: got %v, %v; want proven winnable", tt.profile, tt.seed, ok, err)
		}
	}
	if _, err := checkWinnable(games.All)(t.Context(), 1, "spider-3"); err == nil {
		t.Error("unknown profile: got no error")
	}
}
