package spider

import (
	"fmt"
	"sort"
)

// GroupRule says which runs of face-up cards move together as a group.
type GroupRule uint8

// The group rules of docs/RULES.md.
const (
	// Permissive moves any face-up run descending by one rank, suits
	// mixed (source 003's choice).
	Permissive GroupRule = iota
	// Standard moves a descending run only when it is of one suit.
	Standard
)

// String returns "permissive" or "standard".
func (g GroupRule) String() string {
	switch g {
	case Permissive:
		return "permissive"
	case Standard:
		return "standard"
	}
	return fmt.Sprintf("GroupRule(%d)", uint8(g))
}

// Rules is one rule profile: the number of suits (1, 2 or 4) and the group
// rule. The zero value is not valid (it has no suits); start from Profile.
type Rules struct {
	// Suits is the number of suits in play: 1 (spades), 2 (spades and
	// hearts) or 4.
	Suits int
	// Groups says which runs move as a group.
	Groups GroupRule
}

// Validate reports whether the options are within the values docs/RULES.md
// allows; the error wraps ErrUnknownProfile.
func (r Rules) Validate() error {
	if suitsInPlay(r.Suits) == nil {
		return fmt.Errorf("%w: a game has 1, 2 or 4 suits, not %d", ErrUnknownProfile, r.Suits)
	}
	if r.Groups > Standard {
		return fmt.Errorf("%w: unknown group rule %d", ErrUnknownProfile, r.Groups)
	}
	return nil
}

// String describes the options: "Spider, 2 suits, any descending run
// moves" or "Spider, 1 suit, only one-suit runs move".
func (r Rules) String() string {
	suits := fmt.Sprintf("%d suits", r.Suits)
	if r.Suits == 1 {
		suits = "1 suit"
	}
	groups := "any descending run moves"
	if r.Groups == Standard {
		groups = "only one-suit runs move"
	} else if r.Groups != Permissive {
		groups = r.Groups.String()
	}
	return "Spider, " + suits + ", " + groups
}

// Name returns the profile name of the rules ("spider-2-std"), or "" for
// rules that are not valid.
func (r Rules) Name() string {
	if r.Validate() != nil {
		return ""
	}
	n := fmt.Sprintf("spider-%d", r.Suits)
	if r.Groups == Standard {
		n += "-std"
	}
	return n
}

// The named profiles: permissive groups as source 003 plays, and the
// standard group rule as a variant.
var profiles = map[string]Rules{
	"spider-1":     {Suits: 1, Groups: Permissive},
	"spider-2":     {Suits: 2, Groups: Permissive},
	"spider-4":     {Suits: 4, Groups: Permissive},
	"spider-1-std": {Suits: 1, Groups: Standard},
	"spider-2-std": {Suits: 2, Groups: Standard},
	"spider-4-std": {Suits: 4, Groups: Standard},
}

// DefaultProfile is the profile of a Spider game that names none.
const DefaultProfile = "spider-1"

// Profile returns the named rule profile, or an error wrapping
// ErrUnknownProfile that lists the names.
func Profile(name string) (Rules, error) {
	r, ok := profiles[name]
	if !ok {
		return Rules{}, fmt.Errorf("%w %q (known: %v)", ErrUnknownProfile, name, ProfileNames())
	}
	return r, nil
}

// IsProfile reports whether name is one of the Spider profiles.
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
