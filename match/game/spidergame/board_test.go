package spidergame_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/spidergame"
	"github.com/solitaire-race/racer/spider"
)

func TestTryCommit(t *testing.T) {
	v, err := (spidergame.Game{}).Variant("spider-1")
	if err != nil {
		t.Fatal(err)
	}
	b := v.NewBoard(3).(*spidergame.Board)
	before := b.State()
	if st, err := b.Try("D", 1000); err != nil || st != game.Playing || b.State() != before {
		t.Fatalf("Try(D): got %v, %v, board changed %v; want playing and no change", st, err, b.State() != before)
	}
	if _, err := b.Try("zz", 1000); !errors.Is(err, game.ErrNotation) || !errors.Is(err, spider.ErrNotation) {
		t.Errorf("zz: got %v, want game's and spider's bad notation", err)
	}
	if err := b.Commit("D"); err != nil || b.Counts().Actions != 1 {
		t.Fatalf("Commit(D): got %v and %d actions, want 1", err, b.Counts().Actions)
	}
	clone := b.Clone()
	if _, err := b.Try("D", 1000); err != nil {
		t.Fatal(err)
	}
	if err := b.Commit("D"); err != nil || b.Counts().Actions != 2 || clone.Counts().Actions != 1 {
		t.Errorf("Commit(D): got %v, %d actions and the clone's %d; want 2 and 1", err, b.Counts().Actions, clone.Counts().Actions)
	}
	if _, err := (spidergame.Game{}).Variant("spider-3"); !errors.Is(err, game.ErrUnknownProfile) || !errors.Is(err, spider.ErrUnknownProfile) {
		t.Errorf("spider-3: got %v, want game's and spider's unknown profile", err)
	}
}

// TestAppendView: the hand-written JSON is encoding/json's of Wire, and
// ParseView reads it back, along a game of deals and moves.
func TestAppendView(t *testing.T) {
	s := spider.MustNew(spider.NewDeal(5, 2), spider.Rules{Suits: 2})
	for i := range 60 {
		v := s.View()
		got := spidergame.AppendView(nil, &v)
		want, err := json.Marshal(spidergame.Wire(&v))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatalf("move %d: got %s, want %s", i, got, want)
		}
		back, err := spidergame.ParseView(got)
		if err != nil || !reflect.DeepEqual(spidergame.Wire(&back), spidergame.Wire(&v)) {
			t.Fatalf("move %d: ParseView: got %+v, %v; want %+v", i, back, err, v)
		}
		ms := s.Moves()
		if len(ms) == 0 {
			break
		}
		if err := s.Apply(ms[i%len(ms)]); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCopyFrom: CopyFrom puts a board at another's position, stays
// independent of the source, and allocates nothing.
func TestCopyFrom(t *testing.T) {
	v, err := (spidergame.Game{}).Variant("spider-1")
	if err != nil {
		t.Fatal(err)
	}
	src, dst := v.NewBoard(1).(*spidergame.Board), v.NewBoard(2).(*spidergame.Board)
	if err := src.Play("D"); err != nil {
		t.Fatal(err)
	}
	if allocs := testing.AllocsPerRun(10, func() { dst.CopyFrom(src) }); allocs != 0 {
		t.Errorf("CopyFrom allocates %.1f times, want 0", allocs)
	}
	if !reflect.DeepEqual(dst.State(), src.State()) {
		t.Fatal("CopyFrom: another position than the source's")
	}
	if err := dst.Play("D"); err != nil {
		t.Fatal(err)
	}
	if dst.Counts().Actions != 2 || src.Counts().Actions != 1 {
		t.Errorf("after a deal on the copy: %d and %d actions, want 2 on the copy and 1 on the source", dst.Counts().Actions, src.Counts().Actions)
	}
}
