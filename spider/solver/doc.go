// Package solver is a Spider solver with full knowledge of the cards, for
// every rule profile of the spider package: 1, 2 or 4 suits, permissive
// or standard group moves. It is good enough to choose winnable deals for
// races (Pool) and to give hints (Hint).
//
// Solve answers Won with a winning line in engine moves, Lost only when
// it has proven that no line wins (an exhaustive search), or Unknown when
// its budget of nodes, time, memory or its context runs out first.
//
// # How it searches
//
// Depth-first search over a position changed in place and restored by
// undo, with a transposition table of 64-bit keys of canonical positions:
// while the stock holds cards each column keeps its place (a deal gives
// each column its own card); once it is empty the columns are a multiset.
// Moves are tried best first: completing a run, turning a card face up
// (from the column with the fewest face-down cards), joining a group to a
// card of its suit, emptying a column, moving a group off a card it does
// not descend from; the deal last.
//
// Two passes. The first, loose, leaves out moves that are pointless by
// themselves, and so can miss wins and only ever answers Won:
//
//   - a group moved from a card of one rank to another of the same rank
//     without joining a suit (unless it completes a run, or joins a longer
//     one-suit run);
//   - a whole column moved to an empty column, and moves to any empty
//     column but the first;
//   - a one-suit run split into an empty column.
//
// Its searches are heavy-tailed, so it restarts: run i gets 1000 times
// the i-th term of Luby's sequence (1 1 2 1 1 2 4 …) nodes and its own
// random (but fixed) tie-breaks in the move order. It may use seven
// eighths of the budget, and hands the rest (all of it when it has run
// out of moves) to the second pass. That one is exact: it leaves out only
// moves whose result has the key of a position the search reaches anyway
// (with the stock empty: a whole column moved to an empty one, or a move
// to any empty column but the first), so when it ends without a win the
// position is Lost.
//
// Lost is sound up to 64-bit hash collisions in the table (a collision
// could prune an unexplored position; the odds are about n²/2⁶⁵ for n
// positions, below 10⁻⁵ for ten million).
//
// # Example
//
//	rules, _ := spider.Profile("spider-2")
//	s := spider.MustNew(spider.NewDeal(7, rules.Suits), rules)
//	res := solver.Solve(ctx, s, solver.Config{Timeout: time.Second})
//	if res.Verdict == solver.Won {
//		for _, m := range res.Moves {
//			_ = s.Apply(m) // each is legal; the last wins
//		}
//	}
package solver
