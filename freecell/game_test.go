package freecell

import (
	"errors"
	"testing"
)

func TestGameUndoRedo(t *testing.T) {
	g, err := NewGame(NewDeal(1), fourCells)
	if err != nil {
		t.Fatal(err)
	}
	start := g.State()
	if g.CanUndo() || g.CanRedo() || !errors.Is(g.Undo(), ErrNothingToUndo) || !errors.Is(g.Redo(), ErrNothingToUndo) {
		t.Fatal("a new game can undo or redo")
	}
	for _, text := range []string{"6-a", "6-b", "6-F"} {
		m, _ := ParseMove(text)
		if err := g.Apply(m); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
	after := g.State()
	if after.Home() != 1 || after.Actions() != 3 {
		t.Fatalf("home %d, actions %d; want 1, 3", after.Home(), after.Actions())
	}
	bad, _ := ParseMove("a-F")
	if err := g.Apply(bad); !errors.Is(err, ErrIllegalMove) || g.State() != after {
		t.Fatalf("illegal move: %v, or the position changed", err)
	}
	for range 3 {
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if g.State() != start || g.CanUndo() || !g.CanRedo() {
		t.Fatal("three undos do not return to the deal")
	}
	err = g.Redo()
	if cur := g.State(); err != nil || cur.Actions() != 1 {
		t.Fatalf("redo: %v, actions %d", err, cur.Actions())
	}
	m, _ := ParseMove("1-c")
	if err := g.Apply(m); err != nil || g.CanRedo() {
		t.Fatalf("a move after redo: %v, can redo %v", err, g.CanRedo())
	}
	if _, err := NewGame(Deal{}, fourCells); err == nil {
		t.Error("NewGame accepts a bad deal")
	}
}
