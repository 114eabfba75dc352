package freecell

import (
	"fmt"
	"sort"
)

// MinCells and MaxCells are the fewest and the most free cells a game
// has.
const (
	MinCells = 2
	MaxCells = 4
)

// Rules is one rule profile: the number of free cells, 2 … 4. Everything
// else is the same in every profile. The zero value is not valid (it has
// no cells); start from Profile.
type Rules struct {
	// Cells is the number of free cells, 2 … 4 (named a, b, c, d from the
	// left).
	Cells int
}

// Validate reports whether the options are within the values docs/RULES.md
// allows; the error wraps ErrUnknownProfile.
func (r Rules) Validate() error {
	if r.Cells < MinCells || r.Cells > MaxCells {
		return fmt.Errorf("%w: a game has %d … %d free cells, not %d", ErrUnknownProfile, MinCells, MaxCells, r.Cells)
	}
	return nil
}

// String describes the options: "FreeCell, 4 free cells".
func (r Rules) String() string {
	return fmt.Sprintf("FreeCell, %d free cells", r.Cells)
}

// Name returns the profile name of the rules ("freecell", "freecell-3"),
// or "" for rules that are not valid.
func (r Rules) Name() string {
	switch {
	case r.Validate() != nil:
		return ""
	case r.Cells == MaxCells:
		return "freecell"
	}
	return fmt.Sprintf("freecell-%d", r.Cells)
}

// The named profiles: four free cells as Microsoft's game plays, and
// fewer as harder variants.
var profiles = map[string]Rules{
	"freecell":   {Cells: 4},
	"freecell-3": {Cells: 3},
	"freecell-2": {Cells: 2},
}

// DefaultProfile is the profile of a FreeCell game that names none.
const DefaultProfile = "freecell"

// Profile returns the named rule profile, or an error wrapping
// ErrUnknownProfile that lists the names.
func Profile(name string) (Rules, error) {
	r, ok := profiles[name]
	if !ok {
		return Rules{}, fmt.Errorf("%w %q (known: %v)", ErrUnknownProfile, name, ProfileNames())
	}
	return r, nil
}

// IsProfile reports whether name is one of the FreeCell profiles.
func IsProfile(name string) bool {
	_, ok := profiles[name]
	return ok
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
