package game

import (
	"errors"
	"fmt"
)

// Registry is the set of games a server races: it finds a rule profile's
// variant and lists profiles and games in registration order. It is
// immutable and safe for concurrent use.
type Registry struct {
	games    []Game
	profiles []string
}

// NewRegistry returns the registry of games, in order. Two games must not
// share a name or a profile name.
func NewRegistry(games ...Game) (*Registry, error) {
	r := &Registry{games: games}
	seen := map[string]string{}
	for _, g := range games {
		if _, dup := seen["game "+g.Name()]; dup {
			return nil, fmt.Errorf("game: two games named %q", g.Name())
		}
		seen["game "+g.Name()] = g.Name()
		for _, p := range g.Profiles() {
			if other, dup := seen[p]; dup {
				return nil, fmt.Errorf("game: profile %q of %s and %s", p, other, g.Name())
			}
			seen[p] = g.Name()
			r.profiles = append(r.profiles, p)
		}
	}
	return r, nil
}

// MustRegistry is NewRegistry for a fixed set of games: it panics on an
// error, which is a programming mistake.
func MustRegistry(games ...Game) *Registry {
	r, err := NewRegistry(games...)
	if err != nil {
		panic(err)
	}
	return r
}

// Lookup returns the variant of rule profile name. An unknown name fails
// with an error that is ErrUnknownProfile and also every game's own error
// for it (errors.Is), such as klondike.ErrUnknownProfile.
func (r *Registry) Lookup(name string) (Variant, error) {
	var errs []error
	for _, g := range r.games {
		v, err := g.Variant(name)
		if err == nil {
			return v, nil
		}
		errs = append(errs, err)
	}
	return nil, &unknownProfileError{name: name, known: r.profiles, errs: errs}
}

// GameOf returns the name of the game of rule profile name; an unknown
// name fails as Lookup does.
func (r *Registry) GameOf(name string) (string, error) {
	v, err := r.Lookup(name)
	if err != nil {
		return "", err
	}
	return v.Game().Name(), nil
}

// Default returns the first registered game: the game of whatever names
// none (its DefaultProfile is a player's who names no profile). A
// registry without games has none (nil).
func (r *Registry) Default() Game {
	if len(r.games) == 0 {
		return nil
	}
	return r.games[0]
}

// MoveTexts returns every move a player can send in any game, game by
// game (Game.MoveTexts).
func (r *Registry) MoveTexts() []string {
	var out []string
	for _, g := range r.games {
		out = append(out, g.MoveTexts()...)
	}
	return out
}

// Profiles returns every game's rule profiles, game by game in
// registration order.
func (r *Registry) Profiles() []string { return append([]string(nil), r.profiles...) }

// Games returns the games in registration order.
func (r *Registry) Games() []Game { return append([]Game(nil), r.games...) }

// Game returns the game named name.
func (r *Registry) Game(name string) (Game, bool) {
	for _, g := range r.games {
		if g.Name() == name {
			return g, true
		}
	}
	return nil, false
}

// unknownProfileError is Lookup's error: ErrUnknownProfile, and each
// game's own error for the name. Its text has no package prefix: the
// caller adds its own ("match: unknown profile …" is what clients read).
type unknownProfileError struct {
	name  string
	known []string
	errs  []error
}

func (e *unknownProfileError) Error() string {
	return fmt.Sprintf("unknown profile %q (known: %v)", e.name, e.known)
}

func (e *unknownProfileError) Is(target error) bool {
	if target == ErrUnknownProfile {
		return true
	}
	for _, err := range e.errs {
		if errors.Is(err, target) {
			return true
		}
	}
	return false
}
