package freecellgame_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/solitaire-race/racer/freecell"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/freecellgame"
)

// seed is a race seed (game.MinRaceSeed and up) of the tests' deals.
const seed = 1<<40 + 7

func newBoard(t testing.TB, profile string, seed uint64) *freecellgame.Board {
	t.Helper()
	v, err := freecellgame.Game{}.Variant(profile)
	if err != nil {
		t.Fatal(err)
	}
	return v.NewBoard(seed).(*freecellgame.Board)
}

// firstMove returns the first legal move of b's position that is not to
// the foundations.
func firstMove(t testing.TB, b *freecellgame.Board) string {
	t.Helper()
	s := b.State()
	for _, m := range s.Moves() {
		if m.To() != freecell.Foundation {
			return m.String()
		}
	}
	t.Fatal("no legal move")
	return ""
}

func TestTryCommit(t *testing.T) {
	b := newBoard(t, "freecell", seed)
	before := b.State()
	if st, err := b.Try("1-a", 1000); err != nil || st != game.Playing || b.State() != before {
		t.Fatalf("Try(1-a): got %v, %v, board changed %v; want playing and no change", st, err, b.State() != before)
	}
	if _, err := b.Try("zz", 1000); !errors.Is(err, game.ErrNotation) || !errors.Is(err, freecell.ErrNotation) {
		t.Errorf("zz: got %v, want game's and freecell's bad notation", err)
	}
	_, err := b.Try("a-F", 1000)
	var ill *game.IllegalMoveError
	if !errors.As(err, &ill) || !errors.Is(err, freecell.ErrIllegalMove) || ill.Move != "a-F" || ill.Reason == "" {
		t.Errorf("a-F from an empty cell: got %v, want a game.IllegalMoveError of a-F that is freecell's", err)
	}
	if err := b.Commit("1-a"); err != nil || b.Counts().Actions != 1 {
		t.Fatalf("Commit(1-a): got %v and %d actions, want 1", err, b.Counts().Actions)
	}
	if _, err := b.Try("1-b", 1000); err != nil {
		t.Fatal(err)
	}
	if err := b.Commit("1-b"); err != nil || b.Counts().Actions != 2 {
		t.Errorf("Commit(1-b) after Try(1-b): got %v and %d actions, want 2", err, b.Counts().Actions)
	}
	if _, err := (freecellgame.Game{}).Variant("freecell-5"); !errors.Is(err, game.ErrUnknownProfile) || !errors.Is(err, freecell.ErrUnknownProfile) {
		t.Errorf("freecell-5: got %v, want game's and freecell's unknown profile", err)
	}
	if _, err := newBoard(t, "freecell-2", seed).Try("1-c", 1000); !errors.Is(err, game.ErrIllegalMove) {
		t.Errorf("1-c with two cells: got %v, want an illegal move", err)
	}
}

// TestTryAllocatesNothing: legal moves tried then committed, with a stuck
// check settled without a search, allocate nothing.
func TestTryAllocatesNothing(t *testing.T) {
	b, start := newBoard(t, "freecell", seed), newBoard(t, "freecell", seed)
	moves := []string{"1-a", "2-b", "3-c"}
	n := 0
	if allocs := testing.AllocsPerRun(100, func() {
		m := moves[n%len(moves)]
		n++
		b.CopyFrom(start)
		if _, err := b.Try(m, -1); err != nil {
			t.Fatal(err)
		}
		if err := b.Commit(m); err != nil {
			t.Fatal(err)
		}
	}); allocs != 0 {
		t.Errorf("Try and Commit allocate %.1f times a move, want 0", allocs)
	}
	if allocs := testing.AllocsPerRun(100, func() {
		b.CopyFrom(start)
		if err := b.Play("1-a"); err != nil {
			t.Fatal(err)
		}
	}); allocs != 0 {
		t.Errorf("Play allocates %.1f times a move, want 0", allocs)
	}
}

func TestCounts(t *testing.T) {
	v, _ := freecellgame.Game{}.Variant("freecell")
	for s := uint64(1); s < 200; s++ {
		b := v.NewBoard(s).(*freecellgame.Board)
		st := b.State()
		safe := st.SafeMoves()
		if len(safe) == 0 {
			continue
		}
		if err := b.Play(safe[0].String()); err != nil {
			t.Fatal(err)
		}
		c := b.Counts()
		if c.Off != 1 || b.Off() != 1 || c.TurnedUp != 0 || c.Actions != 1 || c.BySuit[0]+c.BySuit[1]+c.BySuit[2]+c.BySuit[3] != 1 {
			t.Errorf("seed %d after %s: got %+v, want one card off, nothing turned up, 1 action", s, safe[0], c)
		}
		return
	}
	t.Fatal("no deal below 200 has a safe move at the start")
}

// TestCopyFrom: CopyFrom puts a board at another's position, stays
// independent of the source, and allocates nothing.
func TestCopyFrom(t *testing.T) {
	src, dst := newBoard(t, "freecell", seed), newBoard(t, "freecell", seed+1)
	if err := src.Play("1-a"); err != nil {
		t.Fatal(err)
	}
	if allocs := testing.AllocsPerRun(10, func() { dst.CopyFrom(src) }); allocs != 0 {
		t.Errorf("CopyFrom allocates %.1f times, want 0", allocs)
	}
	if dst.State() != src.State() {
		t.Fatal("CopyFrom: another position than the source's")
	}
	if err := dst.Play(firstMove(t, dst)); err != nil {
		t.Fatal(err)
	}
	if dst.Counts().Actions != 2 || src.Counts().Actions != 1 || src.Clone().Counts().Actions != 1 {
		t.Errorf("after a move on the copy: %d and %d actions, want 2 on the copy and 1 on the source", dst.Counts().Actions, src.Counts().Actions)
	}
}

// TestMoveTexts: the 804 moves are distinct, canonical, and hold every
// legal move of a game played out.
func TestMoveTexts(t *testing.T) {
	texts := freecellgame.Game{}.MoveTexts()
	if len(texts) != 804 {
		t.Errorf("got %d moves, want 804", len(texts))
	}
	seen := map[string]bool{}
	for _, m := range texts {
		mv, err := freecell.ParseMove(m)
		if err != nil || mv.String() != m || seen[m] {
			t.Errorf("%q: parse %v, canonical %q, seen before %v", m, err, mv, seen[m])
		}
		seen[m] = true
	}
	s := freecell.MustNew(freecell.NewDeal(seed), freecell.Rules{Cells: 4})
	for i := range 200 {
		ms := s.Moves()
		if len(ms) == 0 {
			break
		}
		for _, m := range ms {
			if !slices.Contains(texts, m.String()) {
				t.Fatalf("legal move %s is not in MoveTexts", m)
			}
		}
		if err := s.Apply(ms[(i*7)%len(ms)]); err != nil {
			t.Fatal(err)
		}
	}
}

func TestProfiles(t *testing.T) {
	g := freecellgame.Game{}
	got := slices.Sorted(slices.Values(g.Profiles()))
	if want := freecell.ProfileNames(); !slices.Equal(got, want) {
		t.Errorf("Profiles: got %v, want the engine's %v", got, want)
	}
	for _, p := range g.Profiles() {
		v, err := g.Variant(p)
		if err != nil || v.Profile() != p || v.Rules() == "" {
			t.Errorf("Variant(%s): got %v, %v", p, v, err)
		}
	}
	d := g.Profiles()[0]
	if d != g.DefaultProfile() {
		t.Errorf("the first profile is %s, want the default %s", d, g.DefaultProfile())
	}
	text := (freecellgame.Variant{}).Deal(seed)
	if back, err := g.ParseDeal(text); err != nil || back != text {
		t.Errorf("ParseDeal of a deal: got %q, %v", back, err)
	}
	if _, err := g.ParseDeal("AS AS"); !errors.Is(err, game.ErrNotation) {
		t.Errorf("ParseDeal(AS AS): got %v, want game.ErrNotation", err)
	}
}

// TestWinnable: the pool's verdict is the solver's, and a pool deals race
// seeds only.
func TestWinnable(t *testing.T) {
	v, _ := freecellgame.Game{}.Variant("freecell")
	won, err := v.Winnable(t.Context(), 1, 200_000, 0)
	if err != nil || !won {
		t.Errorf("Winnable(deal 1): got %v, %v; want won", won, err)
	}
	if won, _ := v.Winnable(t.Context(), 11982, 200_000, 0); won {
		t.Error("Winnable(deal 11982): got won, want not (it is lost)")
	}
	if testing.Short() {
		return
	}
	p, err := freecellgame.Game{}.NewPool(game.PoolConfig{Profiles: []string{"freecell"}, Size: 1})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	go func() { _ = p.Run(ctx) }()
	defer cancel()
	s, err := p.Next(ctx, "freecell")
	if err != nil || s < game.MinRaceSeed {
		t.Errorf("pool seed %d, %v: want one from %d up", s, err, uint64(game.MinRaceSeed))
	}
}

func BenchmarkTryCommit(b *testing.B) {
	bd, start := newBoard(b, "freecell", seed), newBoard(b, "freecell", seed)
	moves := []string{"1-a", "2-b", "3-c"}
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		m := moves[n%len(moves)]
		n++
		bd.CopyFrom(start)
		if _, err := bd.Try(m, 1000); err != nil {
			b.Fatal(err)
		}
		if err := bd.Commit(m); err != nil {
			b.Fatal(err)
		}
	}
}
