// Package solver is an exact Klondike solver with full knowledge of the
// cards, for every rule profile of the klondike package: draw 1 or 3,
// passes 1, 3 or unlimited, foundation-to-column allowed or not.
//
// Solve answers Won with a winning line in engine moves, Lost when no
// line wins (proven), or Unknown when its budget of nodes, time or memory
// runs out first. Hint and AutoComplete build on it; Pool keeps seeds
// proven winnable ready for races; the Solvitaire JSON and PySol text
// formats let other solvers check a verdict.
//
// # How it searches
//
// First a relaxation that proves many losses at once: a least fixpoint
// of necessary conditions for each card to leave its place and to reach
// its foundation (blocked.go); a card that can never reach its foundation
// proves the deal lost. A second proof counts places (crowded.go): the
// cards above a face-down card that cannot go home before it is turned
// up, and those such cards already moved onto others, must all lie on
// distinct cards they can go on when it is turned up; what is known of
// the order in which the face-down cards can be turned up (worked out
// once, with the first relaxation frozen at each face-down card) makes
// the count stronger, and a card that must be turned up before itself
// proves the deal lost. The count is checked at the start and, during
// both searches, after every move that puts a card on a face-up card.
// Then two depth-first searches over a compact position. The first,
// bounded to a quarter of the node budget (at most 30,000 nodes) and of
// the time, uses loose moves: no cards taken down from the foundations,
// and partial runs moved only to free a card for its foundation. It can miss wins, so it only ever answers Won. The
// second is exact; within a kind of move it tries first the cards turned
// up in the columns with the most face-down cards, and talon cards put on
// the columns with the fewest. In draw 3 with unlimited passes a third
// proof of loss runs beside it, taking turns: the same search under draw
// 1 (relaxed.go), where every talon card is in reach at any time, so a
// position lost there is lost here. Both exact searches restart
// (restart.go): after 131,072 positions, and then after budgets that
// double every second run, they start again from the first position
// with the moves shuffled, keeping their table, so that a win hidden
// behind a bad early choice is found without searching anything twice
// but the path of the run that ended. Both passes use
//
//   - stock macro moves: the stock and waste are one sequence (the talon);
//     a move takes any card that draws (and at most one recycle) can bring
//     to the waste's top and plays it, since draws commute with every
//     move but a play from the waste;
//   - safe moves to the foundations, played at once: aces and twos (only
//     an ace goes on a two, and it can go home instead), threes once both
//     aces of the other colour are home, and any tableau card whose
//     possible uses on the tableau are all gone (both cards of the other
//     colour one rank lower are on the foundations; with
//     foundation-to-column allowed also the other suit of its colour two
//     ranks lower). Waste cards are never moved automatically: in draw 3
//     taking a card out of the waste changes which cards can be reached;
//   - a transposition table of 64-bit hashes of canonical positions
//     (columns as a multiset, waste size reduced to what changes the
//     reachable cards), bounded in memory; in draw 3 with unlimited
//     passes a position is skipped when one with a smaller waste of the
//     same size mod 3 was searched (it reaches this one by drawing), and a
//     fresh pass counts as searched once any waste size was (a recycle
//     reaches it);
//   - in the exact searches that table is keyed up to swapping the runs
//     on two face-up cards of the same rank and colour (such positions are
//     won or lost together, and the exact search gives them the same moves
//     up to the swap, twins.go): a class of such positions is searched
//     once;
//   - moves that only mirror another by symmetry of the columns are not
//     generated, nor a move that empties a column when no king could
//     ever fill it;
//   - a partial run moved between columns, or a card taken down from a
//     foundation, is played only when a move depending on it is possible
//     right after: any winning line can postpone such a move until just
//     before the move that needs it.
//
// Lost is sound (restart.go gives the argument) up to collisions of the
// table's 64-bit keys (a collision could prune an unexplored position;
// each of n positions makes at most about twenty probes, so the odds are
// below 20·n²/2⁶⁴: 1.1·10⁻⁴ for ten million positions).
//
// # Example
//
//	s := klondike.MustNew(klondike.NewDeal(7), rules)
//	res := solver.Solve(ctx, s, solver.Config{Timeout: time.Second})
//	if res.Verdict == solver.Won {
//		for _, m := range res.Moves {
//			_ = s.Apply(m) // each is legal; the last wins
//		}
//	}
package solver
