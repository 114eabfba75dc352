// Package botlevel names the levels of the games' bots, which every
// game's bot package (beside its engine, such as klondike/bot) shares:
// the game contract passes a level by name (game.Botter), and each bot
// reads it with Parse.
//
//	l, err := botlevel.Parse("strong")
//	if err != nil {
//		return err // wraps ErrUnknown
//	}
//	fmt.Println(l) // strong
package botlevel

import (
	"errors"
	"fmt"
	"strings"
)

// Level is a bot's strength. The zero Level is Steady, the default.
type Level int

// The levels. Relaxed, Steady and Strong are for people to pick, from the
// weakest; Greedy and Random serve load tests. What each does is each
// game's bot's to say.
const (
	// Steady is the default opponent: a fair race.
	Steady Level = iota
	// Relaxed looks less far ahead and misses things.
	Relaxed
	// Strong is the hardest to beat.
	Strong
	// Greedy plays one move ahead.
	Greedy
	// Random plays a uniformly random legal move.
	Random
)

// ErrUnknown reports a level's name that no level has.
var ErrUnknown = errors.New("botlevel: unknown level")

var names = [...]string{Steady: "steady", Relaxed: "relaxed", Strong: "strong", Greedy: "greedy", Random: "random"}

// Names returns the levels' names, in the order of their values.
func Names() []string { return names[:] }

// String returns the level's name: "steady", "relaxed", "strong",
// "greedy" or "random".
func (l Level) String() string {
	if l < 0 || int(l) >= len(names) {
		return fmt.Sprintf("Level(%d)", int(l))
	}
	return names[l]
}

// Parse reads a level's name; "" is Steady. An unknown name is an error
// wrapping ErrUnknown.
func Parse(name string) (Level, error) {
	if name == "" {
		return Steady, nil
	}
	for l, n := range names {
		if n == name {
			return Level(l), nil
		}
	}
	return 0, fmt.Errorf("%w %q (known: %s)", ErrUnknown, name, strings.Join(names[:], ", "))
}
