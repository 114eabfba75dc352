package matchtest

import (
	"testing"

	"github.com/solitaire-race/racer/match/game/games"
)

func TestWinnable(t *testing.T) {
	for _, p := range []string{"bvs", "relaxed-3", "spider-1", "spider-2"} {
		seed, line := Winnable(games.All, p)
		v, err := games.Lookup(p)
		if err != nil {
			t.Fatal(err)
		}
		b := v.NewBoard(seed)
		for i, m := range line {
			if err := b.Play(m.String()); err != nil {
				t.Fatalf("%s seed %d move %d %s: %v", p, seed, i, m, err)
			}
		}
		if !b.Won() {
			t.Errorf("%s seed %d: line of %d moves does not win", p, seed, len(line))
		}
		if again, _ := Winnable(games.All, p); again != seed {
			t.Errorf("%s: Winnable again: got seed %d, want %d", p, again, seed)
		}
		t.Logf("%s: seed %d, %d moves", p, seed, len(line))
	}
}

func TestSolveLost(t *testing.T) {
	if line := Solve(games.All, "bvs", 1, 1); line != nil {
		t.Errorf("Solve with a budget of 1 position: got %d moves, want none", len(line))
	}
}
