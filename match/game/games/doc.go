// Package games registers every game the server races: one line per game
// in All. It is the only server package that imports every game's
// adapter; everything above it sees games through match/game.
//
// # Example
//
//	v, err := games.Lookup("spider-2")
//	if err != nil {
//		return err
//	}
//	fmt.Println(v.Game().Name(), v.Rules())
package games
