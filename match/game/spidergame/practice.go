package spidergame

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/internal/adapt"
	"github.com/solitaire-race/racer/spider"
	"github.com/solitaire-race/racer/spider/solver"
)

var _ game.Practicer = Variant{}

// errUndoOff is an undo or redo in a practice game without undo.
var errUndoOff = errors.New("spidergame: undo is off in this game")

// Options implements game.Practicer: undo and hints are as asked; Spider
// has no score, so Scoring must be "".
func (Variant) Options(asked game.PracticeOptions) (game.PracticeOptions, error) {
	if asked.Scoring != "" {
		return asked, &optionError{"scoring is for Klondike profiles; Spider has no score"}
	}
	return asked, nil
}

// MoveHelp implements game.Practicer.
func (Variant) MoveHelp() string {
	return "not a move in Spider notation (D, 3-5, 3-5x4, 10-1)"
}

// optionError is a practice option Spider does not have: its text is the
// message for people.
type optionError struct{ msg string }

func (e *optionError) Error() string { return e.msg }

// Is reports whether target is game.ErrNoPracticeOption or
// game.ErrPracticeOption.
func (e *optionError) Is(target error) bool {
	return target == game.ErrNoPracticeOption || target == game.ErrPracticeOption
}

// Tagged implements game.Practicer: a Spider practice answer names its
// game ("game":"spider").
func (Variant) Tagged() bool { return true }

// PracticeRules is a Spider profile as practice describes it to clients.
type PracticeRules struct {
	Game   string `json:"game"` // "spider"
	Name   string `json:"name"`
	Suits  int    `json:"suits"`
	Groups string `json:"groups"` // "permissive" or "standard"
	Undo   bool   `json:"undo"`
	Hints  bool   `json:"hints"`
	Text   string `json:"text"`
}

// AppendRules implements game.Practicer.
func (v Variant) AppendRules(dst []byte, opts game.PracticeOptions) []byte {
	return adapt.AppendJSON(dst, PracticeRules{
		Game:   Name,
		Name:   v.Profile(),
		Suits:  v.EngineRules().Suits,
		Groups: v.EngineRules().Groups.String(),
		Undo:   opts.Undo,
		Hints:  opts.Hints,
		Text:   v.EngineRules().String(),
	})
}

// PracticeProfiles returns the Spider profiles in the order the practice
// page lists them: permissive groups first, then by number of suits.
func (Game) PracticeProfiles() []string {
	names := spider.ProfileNames()
	rules := make(map[string]spider.Rules, len(names))
	for _, n := range names {
		rules[n], _ = spider.Profile(n)
	}
	sort.SliceStable(names, func(i, j int) bool {
		a, b := rules[names[i]], rules[names[j]]
		if a.Groups != b.Groups {
			return a.Groups == spider.Permissive
		}
		return a.Suits < b.Suits
	})
	return names
}

// Practice implements game.Practicer with a spider.Game: undo and redo
// across deals when opts.Undo.
func (v Variant) Practice(seed uint64, opts game.PracticeOptions) (game.Practice, error) {
	if _, err := v.Options(opts); err != nil {
		return nil, err
	}
	g, err := spider.NewGame(spider.NewDeal(seed, v.EngineRules().Suits), v.EngineRules())
	if err != nil {
		return nil, fmt.Errorf("spidergame: practice: %w", err)
	}
	return &practice{g: g, undo: opts.Undo}, nil
}

// practice is a Spider practice game.
type practice struct {
	g    *spider.Game
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

// AppendView implements game.Practice: the JSON of a Spider race's view
// (AppendView); Spider has no score.
func (p *practice) AppendView(dst []byte, _ time.Duration) []byte {
	st := p.g.State()
	v := st.View()
	return adapt.AppendJSON(dst, Wire(&v))
}

// solverConfig turns a budget into spider/solver's.
func solverConfig(b game.SearchBudget) solver.Config {
	return solver.Config{MaxNodes: b.Nodes, Timeout: b.Timeout, MaxMemory: b.Memory}
}

// Hint implements game.Practice: the first move of a winning line when
// the search finds one, else docs/RULES.md's hint (spider.Hint); no
// search in a won game.
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

// Solve implements game.Practice; no search in a won game.
func (p *practice) Solve(ctx context.Context, budget game.SearchBudget) ([]string, game.Verdict) {
	st := p.g.State()
	if st.Won() {
		return nil, game.NoVerdict
	}
	res := solver.Solve(ctx, st, solverConfig(budget))
	return adapt.Strings(res.Moves), adapt.Verdict(res.Verdict)
}
