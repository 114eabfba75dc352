package game_test

import (
	"testing"

	"github.com/solitaire-race/racer/match/game"
)

func TestRaceSeed(t *testing.T) {
	for _, tt := range []struct{ x, want uint64 }{
		{0, 1 << 63}, {1, 1<<63 | 1}, {game.MinRaceSeed - 1, 1<<63 | (game.MinRaceSeed - 1)},
		{game.MinRaceSeed, game.MinRaceSeed}, {1 << 40, 1 << 40}, {^uint64(0), ^uint64(0)},
	} {
		if got := game.RaceSeed(tt.x); got != tt.want || game.RaceSeed(got) != got {
			t.Errorf("RaceSeed(%d): got %d, want %d, and itself again", tt.x, got, tt.want)
		}
	}
	for range 100 {
		if s := game.RandomRaceSeed(); s < game.MinRaceSeed {
			t.Fatalf("RandomRaceSeed: got %d, below %d", s, uint64(game.MinRaceSeed))
		}
	}
}
