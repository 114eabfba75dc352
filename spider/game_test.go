package spider

import (
	"errors"
	"testing"
)

// TestUndoRedoAcrossDeal: undo takes back moves and deals, the stock
// returning to its order; redo plays them again; a new move clears redo.
func TestUndoRedoAcrossDeal(t *testing.T) {
	r := mustProfile(t, "spider-4")
	g, err := NewGame(NewDeal(42, 4), r)
	if err != nil {
		t.Fatal(err)
	}
	start := g.State()
	if g.CanUndo() || g.CanRedo() {
		t.Fatal("undo or redo possible at the start")
	}
	if err := g.Undo(); !errors.Is(err, ErrNothingToUndo) {
		t.Errorf("Undo at the start: got %v, want ErrNothingToUndo", err)
	}
	m := start.Moves()[1] // a column move; [0] is D
	if err := g.Apply(m); err != nil {
		t.Fatal(err)
	}
	afterMove := g.State()
	if err := g.Apply(DealMove()); err != nil {
		t.Fatal(err)
	}
	afterDeal := g.State()
	if afterDeal.StockLeft() != 40 {
		t.Fatalf("stock %d after D, want 40", afterDeal.StockLeft())
	}
	if err := g.Apply(ColumnMove(0, 0, 1)); err == nil || !g.CanUndo() || g.State() != afterDeal {
		t.Fatal("an illegal move through the Game changed it")
	}

	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	got := g.State()
	if got.StockLeft() != 50 || got.Actions() != 1 {
		t.Errorf("after undoing D: stock %d, actions %d; want 50, 1", got.StockLeft(), got.Actions())
	}
	got.actions = afterMove.actions
	if got != afterMove {
		t.Errorf("undoing D did not restore the position:\n%s\nwant\n%s", &got, &afterMove)
	}
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	got = g.State()
	got.actions = 0
	if got != start || g.CanUndo() || !g.CanRedo() {
		t.Errorf("after two undos: not the start (undo %v, redo %v)", g.CanUndo(), g.CanRedo())
	}
	if err := g.Redo(); err != nil {
		t.Fatal(err)
	}
	if err := g.Redo(); err != nil {
		t.Fatal(err)
	}
	got = g.State()
	if got.Actions() != 2 {
		t.Errorf("actions %d after 2 moves, 2 undos, 2 redos; want 2", got.Actions())
	}
	got.actions = afterDeal.actions
	if got != afterDeal || g.CanRedo() {
		t.Errorf("redo did not bring back the deal")
	}
	if err := g.Redo(); !errors.Is(err, ErrNothingToUndo) {
		t.Errorf("Redo with nothing undone: got %v", err)
	}
	_ = g.Undo()
	if !g.CanRedo() {
		t.Fatal("nothing to redo after an undo")
	}
	if err := g.Apply(DealMove()); err != nil {
		t.Fatal(err)
	}
	if g.CanRedo() {
		t.Error("a new move kept the redo history")
	}
}

// TestGameStateIsACopy: the State a Game returns is the Game's no more.
func TestGameStateIsACopy(t *testing.T) {
	g, err := NewGame(NewDeal(1, 1), mustProfile(t, "spider-1"))
	if err != nil {
		t.Fatal(err)
	}
	s := g.State()
	if err := s.Apply(DealMove()); err != nil {
		t.Fatal(err)
	}
	if now := g.State(); now.StockLeft() != 50 {
		t.Error("applying to a copy changed the Game")
	}
	if _, err := NewGame(NewDeal(1, 1), Rules{Suits: 2}); !errors.Is(err, ErrBadDeal) {
		t.Errorf("NewGame with a mismatched deal: got %v", err)
	}
}
