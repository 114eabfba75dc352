// Package freecellgame is FreeCell (package freecell) behind the game
// contract of match/game: its Game, a Variant per rule profile, a Board
// per racer whose Try and Commit allocate nothing for a legal move, the
// JSON of a view (AppendView, and ParseView for clients), practice with
// undo, hints and auto-complete, analyses, and the solver pool
// (freecell/solver) behind game.Pool.
//
// FreeCell hides nothing: a view is the whole position. A race's seed is
// never one of Microsoft's numbered deals (seeds below 2³¹), which anyone
// can look up with their solution: the server's dealers deal 2³¹ and up
// (game.RaceSeed), and so does the pool.
//
// # Example
//
//	v, _ := freecellgame.Game{}.Variant("freecell")
//	b := v.NewBoard(1 << 40)
//	if _, err := b.Try("1-a", 1000); err == nil {
//		_ = b.Commit("1-a")
//	}
//	fmt.Println(b.Counts().Actions) // 1
package freecellgame
