// Package game is the contract between the race server and the card
// games it races. A Game (Klondike, Spider) has rule profiles; a Variant
// is one profile: its rules for people, its deals from seeds and new
// Boards; a Board is one racer's own game, moved in the game's notation:
// Try validates a move on a scratch copy, Commit applies it, AppendView
// writes what the owner may see as JSON, Counts gives what everyone may
// know. A Registry finds the variant of a profile name. A Variant that
// one player can practise is also a Practicer: a Practice game from a
// seed with undo and redo, legal moves, hints and auto-complete within a
// SearchBudget, and the JSON of its rules and view (the practice page,
// and the winning lines of tests' deals in match/matchtest). A Variant
// whose game has a bot is also a Botter: a bot at a level that chooses
// the next move from its racer's view (hub/bot drives it in races).
//
// The package imports only the standard library. Each game's adapter
// (match/game/klondikegame, match/game/spidergame) is the only server
// package that imports its engine; match/game/games registers them, one
// line per game. Adding a game means its engine package, its adapter, one
// line in games, and its board renderer in the page.
//
// # Example
//
//	v, err := games.Lookup("bvs")
//	if err != nil {
//		return err // wraps game.ErrUnknownProfile
//	}
//	b := v.NewBoard(42)
//	st, err := b.Try("D", match.DefaultStuckBudget)
//	if err != nil {
//		return err // game.ErrNotation or a *game.IllegalMoveError
//	}
//	_ = b.Commit("D") // takes Try's scratch copy
//	frame := b.AppendView(nil)
//	fmt.Println(st, b.Counts().Actions, string(frame))
package game
