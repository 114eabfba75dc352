package freecellgame_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/solitaire-race/racer/freecell"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/freecellgame"
)

func practicer(t *testing.T, profile string) game.Practicer {
	t.Helper()
	v, err := freecellgame.Game{}.Variant(profile)
	if err != nil {
		t.Fatal(err)
	}
	return v.(game.Practicer)
}

func TestPracticeOptions(t *testing.T) {
	pr := practicer(t, "freecell")
	if _, err := pr.Options(game.PracticeOptions{Scoring: "vegas"}); !errors.Is(err, game.ErrNoPracticeOption) {
		t.Errorf("scoring vegas: got %v, want an option FreeCell lacks", err)
	}
	if o, err := pr.Options(game.PracticeOptions{Undo: true}); err != nil || !o.Undo || o.Hints {
		t.Errorf("undo asked: got %+v, %v; want undo and no hints", o, err)
	}
	var rules freecellgame.PracticeRules
	if err := json.Unmarshal(practicer(t, "freecell-2").AppendRules(nil, game.PracticeOptions{Hints: true}), &rules); err != nil ||
		rules.Game != "freecell" || rules.Name != "freecell-2" || rules.Cells != 2 || !rules.Hints || rules.Undo || rules.Text == "" {
		t.Errorf("rules: got %+v, %v", rules, err)
	}
}

func TestPracticeUndo(t *testing.T) {
	p, err := practicer(t, "freecell").Practice(seed, game.PracticeOptions{Undo: true, Hints: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Play("D"); !errors.Is(err, game.ErrNotation) {
		t.Errorf("Play(D): got %v, want game.ErrNotation", err)
	}
	if _, err := p.Play("a-F"); !errors.Is(err, game.ErrIllegalMove) {
		t.Errorf("Play(a-F) with empty cells: got %v, want game.ErrIllegalMove", err)
	}
	before := string(p.AppendView(nil, 0))
	if m, err := p.Play("1-a"); err != nil || m != "1-a" {
		t.Fatalf("Play(1-a): got %q, %v", m, err)
	}
	if !p.CanUndo() || p.CanRedo() {
		t.Fatal("after a move: want undo and no redo")
	}
	if err := p.Undo(); err != nil || string(p.AppendView(nil, 0)) != before || !p.CanRedo() {
		t.Fatalf("Undo: got %v; want the deal's view again and a redo", err)
	}
	if err := p.Redo(); err != nil {
		t.Fatal(err)
	}
	var view freecellgame.PracticeView
	if err := json.Unmarshal(p.AppendView(nil, 0), &view); err != nil || view.Actions != 1 || view.Cells[0] == "" || len(view.Columns) != 8 {
		t.Errorf("view after redo: %+v, %v; want 1 action and a card in cell a", view, err)
	}
	if len(p.Legal()) == 0 || p.Won() || p.Stuck(1000) {
		t.Error("after one move: no legal move, won or stuck")
	}
	q, _ := practicer(t, "freecell").Practice(seed, game.PracticeOptions{})
	if _, err := q.Play("1-a"); err != nil || q.Undo() == nil || q.CanUndo() {
		t.Error("without undo: an undo succeeded or is offered")
	}
}

// TestPracticeSolve: auto-complete plays the safe moves to the
// foundations first, and its line wins; a hint is its first move.
func TestPracticeSolve(t *testing.T) {
	p, err := practicer(t, "freecell").Practice(1, game.PracticeOptions{Hints: true})
	if err != nil {
		t.Fatal(err)
	}
	budget := game.SearchBudget{Nodes: 200_000}
	line, v := p.Solve(t.Context(), budget)
	if v != game.VerdictWon || len(line) == 0 {
		t.Fatalf("deal 1: Solve: got %v and %d moves, want won", v, len(line))
	}
	if hint, v := p.Hint(t.Context(), budget); v != game.VerdictWon || hint == "" {
		t.Errorf("deal 1: Hint: got %q %v, want a move, won", hint, v)
	}
	for _, m := range line {
		if _, err := p.Play(m); err != nil {
			t.Fatalf("solution move %s: %v", m, err)
		}
	}
	if !p.Won() {
		t.Error("the solution does not win")
	}
	if line, v := p.Solve(t.Context(), budget); line != nil || v != game.NoVerdict {
		t.Errorf("Solve in a won game: got %v, %v; want no search", line, v)
	}

	// Near the end every card goes home by safe moves: no search.
	var cascades [freecell.NumCascades][]freecell.Card
	for su := range freecell.NumSuits {
		for r := freecell.Rank(13); r >= 10; r-- {
			cascades[su] = append(cascades[su], freecell.NewCard(r, freecell.Suit(su)))
		}
	}
	s, err := freecell.NewPosition(freecell.Rules{Cells: 4}, cascades, nil, [freecell.NumSuits]int{9, 9, 9, 9})
	if err != nil {
		t.Fatal(err)
	}
	got := freecellgame.SafeLine(&s)
	if len(got) != 16 || !s.Won() {
		t.Errorf("SafeLine of 16 cards to go home: got %v, won %v", got, s.Won())
	}
}
