// Package klondikegame is Klondike (package klondike) behind the game
// contract of match/game: its Game, a Variant per rule profile, a Board
// per racer whose Try and Commit allocate nothing for a legal move, the
// JSON of a view (AppendView, and ParseView for clients) and the solver
// pool (klondike/solver) behind game.Pool.
//
// # Example
//
//	v, _ := klondikegame.Game{}.Variant("relaxed-1")
//	b := v.NewBoard(9)
//	if _, err := b.Try("D", 1000); err == nil {
//		_ = b.Commit("D")
//	}
//	fmt.Println(b.Counts().Actions) // 1
package klondikegame
