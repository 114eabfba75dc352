package klondike

import (
	"fmt"
	"sort"
)

// Scoring selects how a game is scored.
type Scoring uint8

// The scoring systems of docs/RULES.md.
const (
	ScoringNone     Scoring = iota // no score; the action counter is the measure
	ScoringStandard                // Windows standard scoring (source 001)
	ScoringVegas                   // −52 to start, +5 per card on a foundation
)

// String returns "none", "standard" or "vegas".
func (s Scoring) String() string {
	switch s {
	case ScoringStandard:
		return "standard"
	case ScoringVegas:
		return "vegas"
	}
	return "none"
}

// Unlimited is the Passes value of rules that let the stock be recycled
// without limit.
const Unlimited = 0

// Rules is one rule profile: the options of docs/RULES.md. The zero value is
// not a valid profile; start from Profile or a named variable.
type Rules struct {
	// Name is the profile's name ("bvs"); informational.
	Name string
	// Draw is how many cards a draw turns: 1 or 3.
	Draw int
	// Passes is how many trips through the stock are allowed (1 or 3), or
	// Unlimited (0). A pass is one trip: Passes 3 allows two recycles.
	Passes int
	// FoundationToColumn allows moving a foundation's top card to a column.
	FoundationToColumn bool
	// Undo allows undo and redo (Game.Undo, Game.Redo).
	Undo bool
	// Hints allows hints and auto-complete.
	Hints bool
	// Scoring selects the score kept.
	Scoring Scoring
}

// Validate reports whether the options are within the values docs/RULES.md
// allows.
func (r Rules) Validate() error {
	if r.Draw != 1 && r.Draw != 3 {
		return fmt.Errorf("%w: draw must be 1 or 3, not %d", ErrUnknownProfile, r.Draw)
	}
	if r.Passes != 1 && r.Passes != 3 && r.Passes != Unlimited {
		return fmt.Errorf("%w: passes must be 1, 3 or unlimited, not %d", ErrUnknownProfile, r.Passes)
	}
	if r.Scoring > ScoringVegas {
		return fmt.Errorf("%w: unknown scoring %d", ErrUnknownProfile, r.Scoring)
	}
	return nil
}

// String describes the options: "bvs: draw 3, 3 passes, foundation to column allowed, …".
func (r Rules) String() string {
	passes := fmt.Sprintf("%d passes", r.Passes)
	switch r.Passes {
	case Unlimited:
		passes = "unlimited passes"
	case 1:
		passes = "1 pass"
	}
	yes := func(b bool) string {
		if b {
			return "allowed"
		}
		return "not allowed"
	}
	return fmt.Sprintf("%s: draw %d, %s, foundation to column %s, undo %s, hints %s, scoring %s",
		r.Name, r.Draw, passes, yes(r.FoundationToColumn), yes(r.Undo), yes(r.Hints), r.Scoring)
}

// The named profiles of docs/RULES.md.
var profiles = map[string]Rules{
	"bvs":       {Name: "bvs", Draw: 3, Passes: 3, FoundationToColumn: true},
	"classic":   {Name: "classic", Draw: 1, Passes: 1},
	"classic-3": {Name: "classic-3", Draw: 3, Passes: 3},
	"windows-1": {Name: "windows-1", Draw: 1, Passes: Unlimited, FoundationToColumn: true, Undo: true, Hints: true, Scoring: ScoringStandard},
	"windows-3": {Name: "windows-3", Draw: 3, Passes: Unlimited, FoundationToColumn: true, Undo: true, Hints: true, Scoring: ScoringStandard},
	"relaxed-1": {Name: "relaxed-1", Draw: 1, Passes: Unlimited, FoundationToColumn: true, Undo: true, Hints: true},
	"relaxed-3": {Name: "relaxed-3", Draw: 3, Passes: Unlimited, FoundationToColumn: true, Undo: true, Hints: true},
}

// DefaultProfile is the race default, "bvs".
const DefaultProfile = "bvs"

// Profile returns the named rule profile, or an error wrapping
// ErrUnknownProfile that lists the names.
func Profile(name string) (Rules, error) {
	r, ok := profiles[name]
	if !ok {
		return Rules{}, fmt.Errorf("%w %q (known: %v)", ErrUnknownProfile, name, ProfileNames())
	}
	return r, nil
}

// ProfileNames returns the names of the profiles, sorted.
func ProfileNames() []string {
	names := make([]string, 0, len(profiles))
	for n := range profiles {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
