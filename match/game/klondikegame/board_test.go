package klondikegame_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/klondikegame"
)

func newBoard(t testing.TB, profile string, seed uint64) *klondikegame.Board {
	t.Helper()
	v, err := klondikegame.Game{}.Variant(profile)
	if err != nil {
		t.Fatal(err)
	}
	return v.NewBoard(seed).(*klondikegame.Board)
}

func TestTryCommit(t *testing.T) {
	b := newBoard(t, "relaxed-1", 9)
	before := b.State()
	st, err := b.Try("D", 1000)
	if err != nil || st != game.Playing {
		t.Fatalf("Try(D): got %v, %v; want playing", st, err)
	}
	if b.State() != before {
		t.Error("Try(D) changed the board")
	}
	if _, err := b.Try("zz", 1000); !errors.Is(err, game.ErrNotation) || !errors.Is(err, klondike.ErrNotation) {
		t.Errorf("zz: got %v, want game's and klondike's bad notation", err)
	}
	_, err = b.Try("R", 1000)
	var ill *game.IllegalMoveError
	if !errors.As(err, &ill) || !errors.Is(err, klondike.ErrIllegalMove) || ill.Move != "R" || ill.Reason == "" {
		t.Errorf("R on a full stock: got %v, want a game.IllegalMoveError of R that is klondike's", err)
	}
	// The last Try failed: Commit applies D again rather than a stale copy.
	if err := b.Commit("D"); err != nil || b.Counts().Actions != 1 {
		t.Fatalf("Commit(D): got %v and %d actions, want 1", err, b.Counts().Actions)
	}
	if _, err := b.Try("D", 1000); err != nil {
		t.Fatal(err)
	}
	if err := b.Commit("D"); err != nil || b.Counts().Actions != 2 {
		t.Errorf("Commit(D) after Try(D): got %v and %d actions, want 2", err, b.Counts().Actions)
	}
	if err := b.Commit("R"); !errors.Is(err, game.ErrIllegalMove) || b.Counts().Actions != 2 {
		t.Errorf("Commit(R) untried: got %v and %d actions, want an illegal move and 2", err, b.Counts().Actions)
	}
}

// TestTryCommitAfterOtherTry: a Try of another move in between (a second
// preparation of the same sequence number) must not leak into Commit.
func TestTryCommitAfterOtherTry(t *testing.T) {
	for seed := uint64(1); seed < 100; seed++ {
		b := newBoard(t, "relaxed-1", seed)
		s := b.State()
		var other string
		for _, m := range s.Moves(nil) {
			if m.String() != "D" {
				other = m.String()
				break
			}
		}
		if other == "" {
			continue
		}
		want := b.State()
		if err := want.Apply(klondike.DrawMove()); err != nil {
			t.Fatal(err)
		}
		if _, err := b.Try("D", 1000); err != nil {
			t.Fatal(err)
		}
		if _, err := b.Try(other, 1000); err != nil {
			t.Fatal(err)
		}
		if err := b.Commit("D"); err != nil || b.State() != want {
			t.Errorf("seed %d: Commit(D) after Try(%s): got %v and another position, want the position after D", seed, other, err)
		}
		return
	}
	t.Fatal("no seed below 100 has a move but D at the deal")
}

// TestTryAllocatesNothing: a legal move whose stuck check is settled
// without a search, tried then committed, allocates nothing (the scratch
// copy lives in the board).
func TestTryAllocatesNothing(t *testing.T) {
	b := newBoard(t, "relaxed-3", 9)
	n := 0
	if allocs := testing.AllocsPerRun(100, func() {
		move := "D"
		if n%9 == 8 { // relaxed-3 draws three: 8 draws empty the stock
			move = "R"
		}
		n++
		if _, err := b.Try(move, 1000); err != nil {
			t.Fatal(err)
		}
		if err := b.Commit(move); err != nil {
			t.Fatal(err)
		}
	}); allocs != 0 {
		t.Errorf("Try and Commit allocate %.1f times a move, want 0", allocs)
	}
}

func TestCounts(t *testing.T) {
	b := newBoard(t, "bvs", 5)
	c := b.Counts()
	if c.Off != 0 || c.TurnedUp != 0 || c.Actions != 0 || c.Own[0] != 1 {
		t.Errorf("at the deal: got %+v, want nothing off, nothing turned up, 0 actions, pass 1", c)
	}
	clone := b.Clone()
	if err := b.Play("D"); err != nil {
		t.Fatal(err)
	}
	if clone.Counts().Actions != 0 || b.Counts().Actions != 1 {
		t.Errorf("after D: clone %d actions, board %d; want 0 and 1", clone.Counts().Actions, b.Counts().Actions)
	}
}

func BenchmarkTryCommit(b *testing.B) {
	bd := newBoard(b, "relaxed-1", 9)
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		move := "D"
		if n%25 == 24 {
			move = "R"
		}
		n++
		if _, err := bd.Try(move, 1000); err != nil {
			b.Fatal(err)
		}
		if err := bd.Commit(move); err != nil {
			b.Fatal(err)
		}
	}
}

// TestViewScore checks that the view of a profile that keeps a score
// carries it (Windows standard scoring: +10 for a card to a foundation),
// and that the views of the others have no score field.
func TestViewScore(t *testing.T) {
	for _, tc := range []struct {
		profile string
		scored  bool
	}{{"windows-1", true}, {"windows-3", true}, {"bvs", false}, {"relaxed-1", false}} {
		v, err := klondikegame.Game{}.Variant(tc.profile)
		if err != nil {
			t.Fatal(err)
		}
		b := v.NewBoard(1)
		var w klondikegame.WireView
		if err := json.Unmarshal(b.AppendView(nil), &w); err != nil {
			t.Fatalf("%s: %v", tc.profile, err)
		}
		if (w.Score != nil) != tc.scored {
			t.Errorf("%s: view score %v, want one: %v", tc.profile, w.Score, tc.scored)
		}
		kb := b.(*klondikegame.Board)
		if tc.scored && *w.Score != kb.Cur.Score() {
			t.Errorf("%s: view score %d, want the position's %d", tc.profile, *w.Score, kb.Cur.Score())
		}
	}
}

// TestCopyFrom: CopyFrom puts a board at another's position, forgets a
// move tried on it, stays independent of the source, and allocates
// nothing.
func TestCopyFrom(t *testing.T) {
	src := newBoard(t, "relaxed-1", 9)
	if err := src.Play("D"); err != nil {
		t.Fatal(err)
	}
	dst := newBoard(t, "relaxed-1", 3)
	if _, err := dst.Try("D", -1); err != nil {
		t.Fatal(err)
	}
	if allocs := testing.AllocsPerRun(10, func() { dst.CopyFrom(src) }); allocs != 0 {
		t.Errorf("CopyFrom allocates %.1f times, want 0", allocs)
	}
	if dst.State() != src.State() {
		t.Fatal("CopyFrom: another position than the source's")
	}
	if err := dst.Commit("D"); err != nil {
		t.Fatal(err)
	}
	if dst.Counts().Actions != 2 || src.Counts().Actions != 1 {
		t.Errorf("after D on the copy: %d and %d actions, want 2 on the copy and 1 on the source", dst.Counts().Actions, src.Counts().Actions)
	}
}
