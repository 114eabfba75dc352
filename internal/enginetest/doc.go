// Package enginetest holds the checks that the engines' tests (klondike,
// spider) run alike: random play and its invariants, Apply and Moves
// against each other, perft counts, the fuzz loops, the golden files and
// their -update flag, the plain stuck search kept as a reference, and the
// benchmark loops. An engine's tests describe the engine once, as an
// Engine: the checks call Apply, Legal and Actions on its position as
// methods (see Position) and take the rest, which differs between the
// engines, as functions. They call the checks with their own deals,
// profiles and golden files. It uses the standard library only and
// imports no other package of this module, like the engines whose tests
// import it.
//
//	var engine = enginetest.Engine[State, Move, *State]{
//		Moves:       (*State).Moves,
//		ParseMove:   ParseMove,
//		Invariants:  invariantError,
//		IllegalMove: illegalMove,
//		Pick:        randomMove,
//	}
//
//	engine.PlayRandom(rng, &s, 400, func(before, after *State, m Move) {
//		engine.CheckInvariants(t, after)
//	})
//	enginetest.Golden(t, "testdata/perft.txt", perftLines(t))
package enginetest
