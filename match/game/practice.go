package game

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Errors of practice options; their text is for people.
var (
	// ErrPracticeOption reports a practice option's value that the
	// variant does not know (an unknown scoring).
	ErrPracticeOption = errors.New("game: practice option")
	// ErrNoPracticeOption reports a practice option that the variant
	// does not have (a scoring in a game without a score). It is also
	// ErrPracticeOption.
	ErrNoPracticeOption = fmt.Errorf("%w: not in this game", ErrPracticeOption)
)

// Practicer is a Variant that one player can practise: a game with undo
// and redo, hints and auto-complete (the practice page). Variants that
// offer practice implement it; callers find it with a type assertion.
type Practicer interface {
	Variant
	// Options returns the options of a practice game asked with asked:
	// undo and hints on when asked or when the profile has them (as the
	// game decides), the scoring checked. An option's value the variant
	// does not know is an error wrapping ErrPracticeOption, one it does not have
	// ErrNoPracticeOption.
	Options(asked PracticeOptions) (PracticeOptions, error)
	// Practice returns a practice game at the deal of seed under opts,
	// which Options returned.
	Practice(seed uint64, opts PracticeOptions) (Practice, error)
	// AppendRules appends to dst the JSON that describes the variant to
	// clients under opts, which Options returned, and returns the
	// extended buffer. The object names its game ("game").
	AppendRules(dst []byte, opts PracticeOptions) []byte
	// MoveHelp says what a move in the game's notation looks like, for a
	// person who sent one that is not.
	MoveHelp() string
	// Tagged reports whether a practice answer names its game at its top
	// level ("game"); an untagged answer is the first registered game's.
	Tagged() bool
}

// PracticeOptions are what practice may switch on for any profile.
type PracticeOptions struct {
	// Undo allows undo and redo.
	Undo bool
	// Hints allows hints and auto-complete.
	Hints bool
	// Scoring overrides the profile's scoring by name ("none",
	// "standard", "vegas" in Klondike); "" keeps the profile's.
	Scoring string
}

// Practice is one player's practice game: a board with history. Moves
// are in the game's notation. A Practice is not safe for concurrent use.
type Practice interface {
	// Play applies move and returns it in canonical notation. A move that
	// does not parse is an error wrapping ErrNotation; an illegal one an
	// *IllegalMoveError. An illegal move changes nothing.
	Play(move string) (string, error)
	// Undo restores the position before the last move or redo; Redo plays
	// the last move undone; each restores that position's action count
	// (the moves of the line played). They fail when undo
	// is off or there is nothing to undo or redo.
	Undo() error
	Redo() error
	// CanUndo and CanRedo report whether Undo and Redo would succeed.
	CanUndo() bool
	CanRedo() bool
	// Won reports a won game.
	Won() bool
	// Legal returns every legal move in notation, in the engine's order.
	Legal() []string
	// Stuck reports whether no sequence of moves wins any more, as far as
	// a search of at most budget positions can tell.
	Stuck(budget int) bool
	// AppendView appends to dst the JSON of what the player may see
	// (never a face-down card or the stock's order), with the score after
	// elapsed playing time where the game scores, and returns the
	// extended buffer.
	AppendView(dst []byte, elapsed time.Duration) []byte
	// Hint searches within budget for a move to play: a winning line's
	// first move when the search finds one, else the game's own choice.
	// The move is "" when there is none; the verdict is the search's, or
	// NoVerdict when the game does not search (a won Spider game).
	Hint(ctx context.Context, budget SearchBudget) (string, Verdict)
	// Solve searches within budget for a winning line from here
	// (auto-complete): the moves when the verdict is VerdictWon.
	Solve(ctx context.Context, budget SearchBudget) ([]string, Verdict)
}

// SearchBudget bounds a solver's search. Its zero value means the
// solver's defaults.
type SearchBudget struct {
	// Nodes is the most positions searched.
	Nodes int64
	// Timeout is the longest the search runs.
	Timeout time.Duration
	// Memory bounds the search's tables, in bytes.
	Memory int64
}

// Verdict is what a search proved about a position.
type Verdict uint8

// The verdicts.
const (
	// NoVerdict: no search ran.
	NoVerdict Verdict = iota
	// VerdictUnknown: the budget ran out first.
	VerdictUnknown
	// VerdictWon: a winning line exists.
	VerdictWon
	// VerdictLost: no sequence of moves wins.
	VerdictLost
)

// String returns "", "unknown", "won" or "lost".
func (v Verdict) String() string {
	switch v {
	case VerdictUnknown:
		return "unknown"
	case VerdictWon:
		return "won"
	case VerdictLost:
		return "lost"
	}
	return ""
}

// PracticeProfiles returns the profiles of g in the order a practice page
// lists them: the game's own order when it has one (a method
// PracticeProfiles() []string), else Profiles.
func PracticeProfiles(g Game) []string {
	if o, ok := g.(interface{ PracticeProfiles() []string }); ok {
		return o.PracticeProfiles()
	}
	return g.Profiles()
}
