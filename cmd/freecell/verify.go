package main

import "github.com/solitaire-race/racer/match/game/freecellgame"

func init() {
	app.Register("verify", "check a race's revealed seed, profile and nonce against its commitment", app.Verify(freecellgame.Game{}))
}
