// Package spidergame is Spider (package spider) behind the game contract
// of match/game: its Game, a Variant per rule profile, a Board per racer,
// the JSON of a view (AppendView, and ParseView for clients) and the
// solver pool (spider/solver) behind game.Pool.
//
// # Example
//
//	v, _ := spidergame.Game{}.Variant("spider-1")
//	b := v.NewBoard(3)
//	if _, err := b.Try("D", 1000); err == nil {
//		_ = b.Commit("D")
//	}
//	fmt.Println(b.Counts().Actions) // 1
package spidergame
