package freecellgame

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/solitaire-race/racer/freecell"
	"github.com/solitaire-race/racer/freecell/solver"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/internal/adapt"
)

var _ game.Practicer = Variant{}

// errUndoOff is an undo or redo in a practice game without undo.
var errUndoOff = errors.New("freecellgame: undo is off in this game")

// Options implements game.Practicer: undo and hints are as asked;
// FreeCell has no score, so Scoring must be "".
func (Variant) Options(asked game.PracticeOptions) (game.PracticeOptions, error) {
	if asked.Scoring != "" {
		return asked, &optionError{"scoring is for Klondike profiles; FreeCell has no score"}
	}
	return asked, nil
}

// MoveHelp implements game.Practicer.
func (Variant) MoveHelp() string {
	return "not a move in FreeCell notation (3-5, 3-5x4, 3-a, a-5, 3-F, a-F)"
}

// optionError is a practice option FreeCell does not have: its text is
// the message for people.
type optionError struct{ msg string }

func (e *optionError) Error() string { return e.msg }

// Is reports whether target is game.ErrNoPracticeOption or
// game.ErrPracticeOption.
func (e *optionError) Is(target error) bool {
	return target == game.ErrNoPracticeOption || target == game.ErrPracticeOption
}

// Tagged implements game.Practicer: a FreeCell practice answer names its
// game ("game":"freecell").
func (Variant) Tagged() bool { return true }

// PracticeRules is a FreeCell profile as practice describes it to
// clients.
type PracticeRules struct {
	Game  string `json:"game"` // "freecell"
	Name  string `json:"name"`
	Cells int    `json:"cells"`
	Undo  bool   `json:"undo"`
	Hints bool   `json:"hints"`
	Text  string `json:"text"`
}

// AppendRules implements game.Practicer.
func (v Variant) AppendRules(dst []byte, opts game.PracticeOptions) []byte {
	return adapt.AppendJSON(dst, PracticeRules{
		Game:  Name,
		Name:  v.Profile(),
		Cells: v.EngineRules().Cells,
		Undo:  opts.Undo,
		Hints: opts.Hints,
		Text:  v.EngineRules().String(),
	})
}

// Practice implements game.Practicer with a freecell.Game: undo and redo
// when opts.Undo.
func (v Variant) Practice(seed uint64, opts game.PracticeOptions) (game.Practice, error) {
	if _, err := v.Options(opts); err != nil {
		return nil, err
	}
	g, err := freecell.NewGame(freecell.NewDeal(seed), v.EngineRules())
	if err != nil {
		return nil, fmt.Errorf("freecellgame: practice: %w", err)
	}
	return &practice{g: g, undo: opts.Undo}, nil
}

// practice is a FreeCell practice game.
type practice struct {
	g    *freecell.Game
	undo bool
}

func (p *practice) Play(move string) (string, error) {
	return adapt.Play(&moveNotation, move, p.g.Apply)
}

func (p *practice) Undo() error {
	if !p.undo {
		return errUndoOff
	}
	return p.g.Undo()
}

func (p *practice) Redo() error {
	if !p.undo {
		return errUndoOff
	}
	return p.g.Redo()
}

func (p *practice) CanUndo() bool { return p.undo && p.g.CanUndo() }
func (p *practice) CanRedo() bool { return p.undo && p.g.CanRedo() }
func (p *practice) Won() bool     { st := p.g.State(); return st.Won() }

func (p *practice) Legal() []string {
	st := p.g.State()
	return adapt.Strings(st.Moves())
}

func (p *practice) Stuck(budget int) bool {
	st := p.g.State()
	stuck, _ := st.StuckWithin(budget)
	return stuck
}

// PracticeView is a FreeCell practice position on the wire, in the shape
// the page's boards share: columns (of face-up cards only: Down is
// always 0), the free cells ("" for an empty one), the cards on each
// foundation, the actions and the win. FreeCell has no score.
type PracticeView struct {
	Columns     []PracticeColumn `json:"columns"`
	Cells       []string         `json:"cells"`
	Foundations []int            `json:"foundations"` // C D H S
	Actions     int              `json:"actions"`
	Won         bool             `json:"won"`
}

// PracticeColumn is one column of a PracticeView.
type PracticeColumn struct {
	Down int      `json:"down"`
	Up   []string `json:"up"`
}

// NewPracticeView returns the practice JSON's view of v.
func NewPracticeView(v freecell.View) PracticeView {
	w := Wire(&v)
	out := PracticeView{Columns: make([]PracticeColumn, len(w.Cascades)), Cells: w.Cells, Foundations: w.Foundations[:],
		Actions: w.Actions, Won: w.Won}
	for i, c := range w.Cascades {
		out.Columns[i] = PracticeColumn{Up: adapt.Strings(c)}
	}
	return out
}

// AppendView implements game.Practice: a PracticeView.
func (p *practice) AppendView(dst []byte, _ time.Duration) []byte {
	st := p.g.State()
	return adapt.AppendJSON(dst, NewPracticeView(st.View()))
}

// solverConfig turns a budget into freecell/solver's.
func solverConfig(b game.SearchBudget) solver.Config {
	return solver.Config{MaxNodes: b.Nodes, Timeout: b.Timeout, MaxMemory: b.Memory}
}

// Hint implements game.Practice: the first move of a winning line when
// the search finds one, else the engine's rule of thumb (freecell.Hint);
// no search in a won game.
func (p *practice) Hint(ctx context.Context, budget game.SearchBudget) (string, game.Verdict) {
	st := p.g.State()
	if st.Won() {
		return "", game.NoVerdict
	}
	m, res, ok := solver.Hint(ctx, st, solverConfig(budget))
	if !ok {
		return "", adapt.Verdict(res.Verdict)
	}
	return m.String(), adapt.Verdict(res.Verdict)
}

// Solve implements game.Practice, auto-complete: the safe moves to the
// foundations first, as long as there are some (they never spoil a
// game: no search is needed when they win it, as at the end of most
// games), then the solver's winning line from there. No search in a won
// game.
func (p *practice) Solve(ctx context.Context, budget game.SearchBudget) ([]string, game.Verdict) {
	st := p.g.State()
	if st.Won() {
		return nil, game.NoVerdict
	}
	line := SafeLine(&st)
	if st.Won() {
		return line, game.VerdictWon
	}
	res := solver.Solve(ctx, st, solverConfig(budget))
	if res.Verdict != solver.Won {
		return nil, adapt.Verdict(res.Verdict)
	}
	return append(line, adapt.Strings(res.Moves)...), game.VerdictWon
}

// SafeLine plays on s the safe moves to the foundations
// (freecell.State.SafeMoves) until there are none, and returns them in
// notation.
func SafeLine(s *freecell.State) []string {
	var line []string
	var buf []freecell.Move
	for {
		buf = s.AppendSafeMoves(buf[:0])
		if len(buf) == 0 {
			return line
		}
		for _, m := range buf {
			if s.Apply(m) == nil {
				line = append(line, m.String())
			}
		}
	}
}
