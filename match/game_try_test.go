package match

import (
	"errors"
	"testing"
	"time"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match/game/games"
)

func newTestBoard(t *testing.T, profile string, seed uint64) *board {
	t.Helper()
	v, err := games.Lookup(profile)
	if err != nil {
		t.Fatal(err)
	}
	return &board{pos: v.NewBoard(seed), status: StatusPlaying}
}

func TestTryMove(t *testing.T) {
	for _, profile := range []string{"relaxed-1", "spider-1"} {
		b := newTestBoard(t, profile, 9)
		st, err := b.try("D", 1000)
		if err != nil || st.status != StatusPlaying || !st.moved || b.pos.Counts().Actions != 0 {
			t.Errorf("%s: D: got %+v, %v, %d actions; want playing, moved, nil, 0", profile, st, err, b.pos.Counts().Actions)
		}
		if err := b.commit(&st, "D", 1, time.Unix(1, 0)); err != nil || b.pos.Counts().Actions != 1 || b.seq != 1 {
			t.Errorf("%s: commit D: got %v, %d actions, seq %d; want 1 and 1", profile, err, b.pos.Counts().Actions, b.seq)
		}
		if _, err := b.try("zz", 1000); !errors.Is(err, ErrBadAction) {
			t.Errorf("%s: zz: got %v, want ErrBadAction", profile, err)
		}
	}
	b := newTestBoard(t, "relaxed-1", 9)
	if _, err := b.try("R", 1000); !errors.Is(err, klondike.ErrIllegalMove) || errors.Is(err, ErrBadAction) {
		t.Errorf("R on a full stock: got %v, want the engine's illegal move", err)
	}
}

// TestKlondikeTryAllocatesNothing: the Klondike move path of a board,
// try then commit through the game contract, allocates nothing for a
// legal move whose stuck check is settled without a search.
func TestKlondikeTryAllocatesNothing(t *testing.T) {
	b := newTestBoard(t, "relaxed-3", 9)
	at := time.Unix(1, 0)
	n := 0
	if allocs := testing.AllocsPerRun(100, func() {
		move := "D"
		if n%9 == 8 { // relaxed-3 draws three: 8 draws empty the stock
			move = "R"
		}
		n++
		st, err := b.try(move, 1000)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.commit(&st, move, b.seq+1, at); err != nil {
			t.Fatal(err)
		}
		_ = b.progress()
	}); allocs != 0 {
		t.Errorf("try, commit and progress allocate %.1f times a Klondike move, want 0", allocs)
	}
}
