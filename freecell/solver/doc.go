// Package solver is a FreeCell solver, for every rule profile of the
// freecell package (4, 3 or 2 free cells). It decides every one of
// Microsoft's deals 1 … 32,000 with four cells: all are won but 11982,
// which it proves lost (docs/SOLVER.md has the run). It is good enough
// to choose winnable deals for races (Pool, Winnable), to give hints
// (Hint) and to analyse games (Analyze).
//
// Solve answers Won with a winning line in engine moves, Lost only when
// it has proven that no line wins (an exhaustive search), or Unknown when
// its budget of nodes, time, memory or its context runs out first.
//
// # How it searches
//
// Depth-first search over a position changed in place and restored by
// undo, with a transposition table of 64-bit keys. The moves are the
// engine's: single cards between cascades, free cells and foundations,
// and runs between cascades as far as the supermove limit allows (a run
// to an empty cascade once for each size). Three reductions keep the
// search exact:
//
//   - Safe moves to the foundations (freecell.SafeHome: a card none of
//     whose possible uses on the table can matter) are played at once,
//     as part of the move before them, and appear in the line as moves
//     of their own. Any winning line from the position before such a
//     move becomes one from the position after it (the proof is on
//     freecell.State.AppendSafeMoves).
//   - Keys ignore the order of the cascades and of the free cells: a
//     key is the sum of one hash per cascade (of its cards, bottom
//     first) and one per card in a cell. The rules do not depend on
//     either order, so positions with one key are won or lost together.
//   - So only the first empty free cell and the first empty cascade are
//     destinations, and a whole cascade never moves to an empty one:
//     those moves reach positions of a key that another move reaches,
//     or the position itself.
//
// Moves are tried best first by the position they lead to: more cards
// home, more empty free cells and cascades, fewer cards on the next card
// of a suit, fewer cards above a break of order in their cascade (see
// eval).
//
// Searches are heavy-tailed, so the search restarts: run i may search
// 200 times the i-th term of Luby's sequence (1 1 2 1 1 2 4 …) positions,
// and runs after the first add random tie-breaks (below 10) to the move
// order. The table is kept from run to run: positions a run searched
// through are not searched again, and the positions on the path when a
// run was cut short are searched again by the next run that reaches
// them. A run that ends by itself without a win has searched every
// position reachable from the first: only such a run answers Lost (see
// restarts for the argument).
//
// Lost is sound up to 64-bit key collisions in the table (a collision
// could prune an unexplored position; the odds are below n²/2⁶⁴ for n
// positions, 6·10⁻⁹ for the 322,293 of the hardest of Microsoft's deals).
//
// # Example
//
//	rules, _ := freecell.Profile("freecell")
//	s := freecell.MustNew(freecell.NewDeal(617), rules)
//	res := solver.Solve(ctx, s, solver.Config{Timeout: time.Second})
//	if res.Verdict == solver.Won {
//		for _, m := range res.Moves {
//			_ = s.Apply(m) // each is legal; the last wins
//		}
//	}
package solver
