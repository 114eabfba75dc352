package games

import (
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/freecellgame"
	"github.com/solitaire-race/racer/match/game/klondikegame"
	"github.com/solitaire-race/racer/match/game/spidergame"
)

// All is the registry of every game the server races, one line per game,
// in the order their profiles are listed.
var All = game.MustRegistry(
	klondikegame.Game{},
	spidergame.Game{},
	freecellgame.Game{},
)

// Lookup returns the variant of rule profile name (All.Lookup).
func Lookup(name string) (game.Variant, error) { return All.Lookup(name) }

// Profiles returns every game's rule profiles (All.Profiles).
func Profiles() []string { return All.Profiles() }
