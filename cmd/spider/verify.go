package main

import "github.com/solitaire-race/racer/match/game/spidergame"

func init() {
	app.Register("verify", "check a race's revealed seed, profile and nonce against its commitment", app.Verify(spidergame.Game{}))
}
