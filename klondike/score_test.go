package klondike

import (
	"errors"
	"testing"
	"time"
)

// scoreDeal: AC alone in column 1, 2C over 5H in column 2, QH over two
// face-down cards in column 3, 3H on column 4; AD then KS drawn first.
func scoreDeal(t *testing.T) Deal {
	return layoutDeal(t, [NumColumns]string{"AC", "5H 2C", "QH", "3H"}, "AD KS")
}

func TestStandardScoring(t *testing.T) {
	s := MustNew(scoreDeal(t), mustProfile(t, "windows-1"))
	steps := []struct {
		move string
		want int
	}{
		{"D", 0},
		{"W-F", 10},  // waste to foundation +10
		{"1-F", 20},  // column to foundation +10
		{"2-F", 35},  // column to foundation +10, 5H turned up +5
		{"D", 35},    // draws score nothing
		{"W-1", 40},  // waste to column +5
		{"3-1", 45},  // column to column 0, a card turned up +5
		{"FC-4", 30}, // foundation to column −15
	}
	for _, st := range steps {
		engine.Play(t, &s, st.move)
		if got := s.Score(); got != st.want {
			t.Fatalf("after %s: score %d, want %d", st.move, got, st.want)
		}
	}
	for s.StockLen() > 0 {
		engine.Play(t, &s, "D")
	}
	engine.Play(t, &s, "R") // −100 in draw 1, clamped at 0
	if got := s.Score(); got != 0 {
		t.Errorf("after a draw-1 recycle: score %d, want 0", got)
	}
}

func TestStandardScoringDrawThreeRecycles(t *testing.T) {
	d := layoutDeal(t, [NumColumns]string{"AC", "2C", "3C", "4C"}, "")
	s := MustNew(d, mustProfile(t, "windows-3"))
	engine.Play(t, &s, "1-F 2-F 3-F 4-F")
	if got := s.Score(); got != 55 {
		t.Fatalf("score %d, want 55", got)
	}
	// Passes 2 and 3 are free; each recycle from the fourth pass on is −20.
	for _, want := range []int{55, 55, 35, 15, 0, 0} {
		drawAll(t, &s)
		engine.Play(t, &s, "R")
		if got := s.Score(); got != want {
			t.Fatalf("pass %d: score %d, want %d", s.PassesUsed(), got, want)
		}
	}
}

func TestVegasScoring(t *testing.T) {
	r := Rules{Name: "vegas", Draw: 1, Passes: 1, Scoring: ScoringVegas}
	s := MustNew(scoreDeal(t), r)
	if got := s.Score(); got != -52 {
		t.Fatalf("start: score %d, want -52", got)
	}
	engine.Play(t, &s, "D W-F 1-F 2-F")
	if got := s.Score(); got != -52+15 {
		t.Errorf("three cards up: score %d, want %d", got, -52+15)
	}
	if got := s.ScoreAt(time.Hour); got != -37 {
		t.Errorf("Vegas ignores time: got %d, want -37", got)
	}
}

func TestNoScoring(t *testing.T) {
	s := MustNew(scoreDeal(t), mustProfile(t, "relaxed-1"))
	engine.Play(t, &s, "D W-F 1-F 2-F")
	if s.Score() != 0 || s.ScoreAt(time.Minute) != 0 {
		t.Errorf("scoring none: got %d, %d; want 0, 0", s.Score(), s.ScoreAt(time.Minute))
	}
}

func TestScoreAt(t *testing.T) {
	s := MustNew(scoreDeal(t), mustProfile(t, "windows-1"))
	engine.Play(t, &s, "D W-F 1-F 2-F D W-1 3-1") // 45
	tests := []struct {
		elapsed time.Duration
		want    int
	}{
		{0, 45},
		{9 * time.Second, 45},
		{25 * time.Second, 41},
		{10 * time.Minute, 0}, // never below 0
	}
	for _, tt := range tests {
		if got := s.ScoreAt(tt.elapsed); got != tt.want {
			t.Errorf("ScoreAt(%v) = %d, want %d", tt.elapsed, got, tt.want)
		}
	}
	won := s
	won.b = board{found: [NumSuits]uint8{13, 13, 13, 13}, passes: 1}
	won.score = 1000
	if got, want := won.ScoreAt(60*time.Second), 1000-12+700000/60; got != want {
		t.Errorf("won in 60 s: got %d, want %d", got, want)
	}
	if got, want := won.ScoreAt(30*time.Second), 1000-6; got != want {
		t.Errorf("won in 30 s (no bonus): got %d, want %d", got, want)
	}
}

func TestUndoRedo(t *testing.T) {
	g, err := NewGame(scoreDeal(t), mustProfile(t, "windows-1"))
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Undo(); !errors.Is(err, ErrNothingToUndo) {
		t.Fatalf("undo at the start: got %v, want ErrNothingToUndo", err)
	}
	var positions []State
	for _, text := range []string{"D", "W-F", "1-F", "2-F"} {
		positions = append(positions, g.State)
		m, _ := ParseMove(text)
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	end := g.State
	for i := len(positions) - 1; i >= 0; i-- {
		if !g.CanUndo() {
			t.Fatalf("CanUndo false with %d moves to undo", i+1)
		}
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
		if g.b != positions[i].b || g.Score() != positions[i].Score() {
			t.Fatalf("undo %d: board or score differs from the position before the move", i)
		}
		// Undo takes the action counter back with the position.
		if g.Actions() != i {
			t.Errorf("undo: actions %d, want %d", g.Actions(), i)
		}
	}
	if g.CanUndo() || !g.CanRedo() {
		t.Fatalf("CanUndo %v, CanRedo %v; want false, true", g.CanUndo(), g.CanRedo())
	}
	for range positions {
		if err := g.Redo(); err != nil {
			t.Fatal(err)
		}
	}
	if g.b != end.b || g.Score() != end.Score() {
		t.Error("redo of every move does not return to the end position")
	}
	if err := g.Redo(); !errors.Is(err, ErrNothingToUndo) {
		t.Errorf("redo past the end: got %v, want ErrNothingToUndo", err)
	}
	// A new move clears what could be redone; an illegal one does not.
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(RecycleMove()); err == nil {
		t.Fatal("R with a full stock was accepted")
	}
	if !g.CanRedo() {
		t.Error("an illegal move cleared the redo history")
	}
	if err := g.Apply(DrawMove()); err != nil {
		t.Fatal(err)
	}
	if g.CanRedo() {
		t.Error("a new move left something to redo")
	}
}

func TestUndoNotAllowed(t *testing.T) {
	for _, name := range []string{"bvs", "classic", "classic-3"} {
		g, err := NewGame(NewDeal(1), mustProfile(t, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(DrawMove()); err != nil {
			t.Fatal(err)
		}
		if g.CanUndo() {
			t.Errorf("%s: CanUndo true", name)
		}
		if err := g.Undo(); !errors.Is(err, ErrUndoNotAllowed) {
			t.Errorf("%s: Undo got %v, want ErrUndoNotAllowed", name, err)
		}
		if err := g.Redo(); !errors.Is(err, ErrUndoNotAllowed) {
			t.Errorf("%s: Redo got %v, want ErrUndoNotAllowed", name, err)
		}
	}
}
