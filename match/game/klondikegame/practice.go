package klondikegame

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/klondike/solver"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/internal/adapt"
)

var _ game.Practicer = Variant{}

// Options implements game.Practicer: undo and hints are on when asked or
// when the profile has them; Scoring is "", "none", "standard" or
// "vegas".
func (v Variant) Options(asked game.PracticeOptions) (game.PracticeOptions, error) {
	_, err := v.practiceRules(asked)
	return game.PracticeOptions{Undo: asked.Undo || v.EngineRules().Undo, Hints: asked.Hints || v.EngineRules().Hints, Scoring: asked.Scoring}, err
}

// practiceRules returns the variant's rules under opts.
func (v Variant) practiceRules(opts game.PracticeOptions) (klondike.Rules, error) {
	r := v.EngineRules()
	r.Undo = r.Undo || opts.Undo
	r.Hints = r.Hints || opts.Hints
	switch opts.Scoring {
	case "":
	case "none":
		r.Scoring = klondike.ScoringNone
	case "standard":
		r.Scoring = klondike.ScoringStandard
	case "vegas":
		r.Scoring = klondike.ScoringVegas
	default:
		return r, &optionError{"scoring must be none, standard or vegas"}
	}
	return r, nil
}

// MoveHelp implements game.Practicer.
func (Variant) MoveHelp() string {
	return "not a move in the notation of the rules (D, R, W-3, W-F, 3-F, 3-5x2, FH-3)"
}

// optionError is a practice option's value Klondike does not know: its
// text is the message for people.
type optionError struct{ msg string }

func (e *optionError) Error() string { return e.msg }

// Is reports whether target is game.ErrPracticeOption.
func (e *optionError) Is(target error) bool { return target == game.ErrPracticeOption }

// Tagged implements game.Practicer: a Klondike practice answer does not
// name its game at its top level (its rules do).
func (Variant) Tagged() bool { return false }

// PracticeRules is a Klondike profile as practice describes it to
// clients.
type PracticeRules struct {
	Game               string `json:"game"` // "klondike"
	Name               string `json:"name"`
	Draw               int    `json:"draw"`
	Passes             int    `json:"passes"`
	FoundationToColumn bool   `json:"foundationToColumn"`
	Undo               bool   `json:"undo"`
	Hints              bool   `json:"hints"`
	Scoring            string `json:"scoring"`
	Text               string `json:"text"`
}

// AppendRules implements game.Practicer.
func (v Variant) AppendRules(dst []byte, opts game.PracticeOptions) []byte {
	r, _ := v.practiceRules(opts)
	return adapt.AppendJSON(dst, PracticeRules{
		Game:               Name,
		Name:               r.Name,
		Draw:               r.Draw,
		Passes:             r.Passes,
		FoundationToColumn: r.FoundationToColumn,
		Undo:               r.Undo,
		Hints:              r.Hints,
		Scoring:            r.Scoring.String(),
		Text:               r.String(),
	})
}

// Practice implements game.Practicer with a klondike.Game.
func (v Variant) Practice(seed uint64, opts game.PracticeOptions) (game.Practice, error) {
	r, err := v.practiceRules(opts)
	if err != nil {
		return nil, err
	}
	g, err := klondike.NewGame(klondike.NewDeal(seed), r)
	if err != nil {
		return nil, fmt.Errorf("klondikegame: practice: %w", err)
	}
	return &practice{g: g}, nil
}

// practice is a Klondike practice game.
type practice struct{ g *klondike.Game }

func (p *practice) Play(move string) (string, error) {
	return adapt.Play(&moveNotation, move, p.g.Apply)
}

func (p *practice) Undo() error   { return p.g.Undo() }
func (p *practice) Redo() error   { return p.g.Redo() }
func (p *practice) CanUndo() bool { return p.g.CanUndo() }
func (p *practice) CanRedo() bool { return p.g.CanRedo() }
func (p *practice) Won() bool     { return p.g.State.Won() }

func (p *practice) Legal() []string {
	return adapt.Strings(p.g.State.Moves(make([]klondike.Move, 0, 64)))
}

func (p *practice) Stuck(budget int) bool {
	stuck, _ := p.g.State.StuckWithin(budget)
	return stuck
}

// PracticeView is a Klondike practice position on the wire: only what
// the player may see, with the score.
type PracticeView struct {
	Columns     []PracticeColumn `json:"columns"`
	Stock       int              `json:"stock"`
	Waste       []string         `json:"waste"`
	WasteSize   int              `json:"wasteSize"`
	Foundations []int            `json:"foundations"` // C D H S
	PassesUsed  int              `json:"passesUsed"`
	PassesLeft  int              `json:"passesLeft"` // -1: unlimited
	Actions     int              `json:"actions"`
	Score       int              `json:"score"`
	Won         bool             `json:"won"`
}

// PracticeColumn is one column of a PracticeView.
type PracticeColumn struct {
	Down int      `json:"down"`
	Up   []string `json:"up"`
}

// NewPracticeView returns the practice JSON's view of v with score.
func NewPracticeView(v klondike.View, score int) PracticeView {
	out := PracticeView{
		Columns:     make([]PracticeColumn, len(v.Columns)),
		Stock:       v.Stock,
		Waste:       adapt.Strings(v.Waste),
		WasteSize:   v.WasteSize,
		Foundations: v.Foundations[:],
		PassesUsed:  v.PassesUsed,
		PassesLeft:  v.PassesLeft,
		Actions:     v.Actions,
		Score:       score,
		Won:         v.Won,
	}
	for i, c := range v.Columns {
		out.Columns[i] = PracticeColumn{Down: c.Down, Up: adapt.Strings(c.Up)}
	}
	return out
}

func (p *practice) AppendView(dst []byte, elapsed time.Duration) []byte {
	return adapt.AppendJSON(dst, NewPracticeView(p.g.State.View(), p.g.State.ScoreAt(elapsed)))
}

// solverConfig turns a budget into klondike/solver's.
func solverConfig(b game.SearchBudget) solver.Config {
	return solver.Config{MaxNodes: b.Nodes, Timeout: b.Timeout, MaxMemory: b.Memory}
}

func (p *practice) Hint(ctx context.Context, budget game.SearchBudget) (string, game.Verdict) {
	// A hint even when no win is proven: the way to the most advanced
	// position the search saw.
	m, res, ok := solver.Hint(ctx, p.g.State, solverConfig(budget))
	if !ok {
		return "", adapt.Verdict(res.Verdict)
	}
	return m.String(), adapt.Verdict(res.Verdict)
}

func (p *practice) Solve(ctx context.Context, budget game.SearchBudget) ([]string, game.Verdict) {
	line, err := solver.AutoComplete(ctx, p.g.State, solverConfig(budget))
	switch {
	case err == nil:
		return adapt.Strings(line), game.VerdictWon
	case errors.Is(err, solver.ErrLost):
		return nil, game.VerdictLost
	}
	return nil, game.VerdictUnknown
}
