package games_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/games"
)

func practicer(t *testing.T, profile string) game.Practicer {
	t.Helper()
	v, err := games.Lookup(profile)
	if err != nil {
		t.Fatal(err)
	}
	pr, ok := v.(game.Practicer)
	if !ok {
		t.Fatalf("%s: not a game.Practicer", profile)
	}
	return pr
}

func TestPracticeOptions(t *testing.T) {
	for _, tt := range []struct {
		profile, scoring string
		err, unsupported bool
	}{
		{"bvs", "", false, false}, {"bvs", "vegas", false, false}, {"bvs", "golf", true, false},
		{"spider-1", "", false, false}, {"spider-1", "vegas", true, true},
	} {
		_, err := practicer(t, tt.profile).Options(game.PracticeOptions{Scoring: tt.scoring})
		if got := errors.Is(err, game.ErrPracticeOption); got != tt.err {
			t.Errorf("%s scoring %q: got %v, want an option error %v", tt.profile, tt.scoring, err, tt.err)
		}
		if got := errors.Is(err, game.ErrNoPracticeOption); got != tt.unsupported {
			t.Errorf("%s scoring %q: got %v, want an option the game lacks %v", tt.profile, tt.scoring, err, tt.unsupported)
		}
	}
	// relaxed-1 has undo and hints of its own: asking for neither keeps them.
	if o, _ := practicer(t, "relaxed-1").Options(game.PracticeOptions{}); !o.Undo || !o.Hints {
		t.Errorf("relaxed-1 options: got %+v, want undo and hints", o)
	}
	if o, _ := practicer(t, "spider-2").Options(game.PracticeOptions{}); o.Undo || o.Hints {
		t.Errorf("spider-2 options: got %+v, want neither undo nor hints", o)
	}
}

func TestPracticeUndo(t *testing.T) {
	for _, profile := range []string{"bvs", "spider-1"} {
		pr := practicer(t, profile)
		p, err := pr.Practice(7, game.PracticeOptions{Undo: true, Hints: true})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.Play("zz"); !errors.Is(err, game.ErrNotation) {
			t.Errorf("%s: Play(zz): got %v, want game.ErrNotation", profile, err)
		}
		before := string(p.AppendView(nil, 0))
		m, err := p.Play("D")
		if err != nil || m != "D" {
			t.Fatalf("%s: Play(D): got %q, %v; want D", profile, m, err)
		}
		if err := p.Undo(); err != nil || !p.CanRedo() || p.CanUndo() {
			t.Fatalf("%s: Undo: got %v, canRedo %v, canUndo %v; want redo only", profile, err, p.CanRedo(), p.CanUndo())
		}
		var view struct{ Actions int }
		after := p.AppendView(nil, 0)
		if err := json.Unmarshal(after, &view); err != nil || view.Actions != 0 {
			t.Errorf("%s: view after D and undo: %s, %v; want valid JSON and 0 actions", profile, after, err)
		}
		if err := p.Redo(); err != nil || p.Undo() != nil || p.Undo() == nil {
			t.Errorf("%s: redo, undo, undo: want the last one to fail", profile)
		}
		if before == "" || len(p.Legal()) == 0 || p.Won() {
			t.Errorf("%s: got an empty view, no legal move or a won deal", profile)
		}
		var rules struct{ Game, Name string }
		if err := json.Unmarshal(pr.AppendRules(nil, game.PracticeOptions{}), &rules); err != nil || rules.Game != pr.Game().Name() || rules.Name != profile {
			t.Errorf("%s: rules JSON: got %+v, %v", profile, rules, err)
		}
	}
	p, _ := practicer(t, "spider-1").Practice(7, game.PracticeOptions{})
	if _, err := p.Play("D"); err != nil || p.Undo() == nil || p.CanUndo() {
		t.Error("spider-1 without undo: an undo succeeded or is offered")
	}
}

func TestPracticeSolve(t *testing.T) {
	for _, profile := range []string{"relaxed-1", "spider-1"} {
		p, err := practicer(t, profile).Practice(1, game.PracticeOptions{Hints: true})
		if err != nil {
			t.Fatal(err)
		}
		budget := game.SearchBudget{Nodes: 200_000}
		line, v := p.Solve(t.Context(), budget)
		if v != game.VerdictWon || len(line) == 0 {
			t.Fatalf("%s seed 1: Solve: got %v and %d moves, want won", profile, v, len(line))
		}
		hint, v := p.Hint(t.Context(), budget)
		if v != game.VerdictWon || hint != line[0] {
			t.Errorf("%s seed 1: Hint: got %q %v, want %q won", profile, hint, v, line[0])
		}
		for _, m := range line {
			if _, err := p.Play(m); err != nil {
				t.Fatalf("%s: solution move %s: %v", profile, m, err)
			}
		}
		if !p.Won() {
			t.Errorf("%s: the solution does not win", profile)
		}
	}
}
