// Package klondike is the Klondike solitaire engine: cards and their
// notation, deals from seeds, the rule profiles of docs/RULES.md, positions
// (State) with legal-move generation, moves, scoring, stuck detection,
// undo and redo (Game), and views: what one player may see.
//
// It knows nothing of networks, players, clocks or JSON, and imports only
// the standard library.
//
// # Notation
//
// A card is its rank (A 2 3 4 5 6 7 8 9 T J Q K) then its suit (C D H S):
// "AS", "TD". A deal is the 52 cards in deck order separated by spaces.
// Moves: D (draw), R (recycle), W-3 (waste to column 3), W-F (waste to
// foundation), 3-F (column 3 to foundation), 3-5x4 (four cards from column
// 3 to column 5; "x1" is omitted), FH-3 (hearts foundation to column 3).
// Columns are 1 … 7 in the notation and 0 … 6 in the Go API.
//
// # Deals from seeds
//
// NewDeal(seed) is fixed forever, pinned by testdata/golden_deals.txt:
//
//  1. Start from the ordered deck: clubs A … K, then diamonds, hearts and
//     spades, each A … K (card i of the deck is Card(i)).
//  2. Draw 64-bit numbers from SplitMix64 seeded with seed: each step adds
//     0x9E3779B97F4A7C15 to the state z, then mixes
//     z = (z ^ z>>30) * 0xBF58476D1CE4E5B9; z = (z ^ z>>27) * 0x94D049BB133111EB;
//     z ^ z>>31.
//  3. Fisher–Yates: for i from 51 down to 1, swap positions i and j, where
//     j is uniform in [0, i] by Lemire's method: take the high 64 bits of
//     the 128-bit product x·(i+1), rejecting x while the low 64 bits are
//     below 2^64 mod (i+1).
//
// # Layout
//
// Cards are dealt row by row: for row r = 0 … 6, for column c = r … 6,
// column c takes the next card. Each column's last card is face up. Deck
// positions 28 … 51 form the stock, position 28 drawn first.
//
// # Decisions where docs/RULES.md is silent
//
//   - A pass is a trip through the stock; PassesUsed is 1 at the deal and
//     grows by one with each recycle; Passes 3 allows two recycles.
//   - Moves to a column never check the run itself: face-up cards in a
//     column always form a descending alternating run, as they can only
//     arrive by legal moves.
//   - Standard scoring (source 001) counts the +5 for a card turned face
//     up after any move that uncovers it; the draw-3 recycle penalty of
//     −20 applies to recycles that begin the fourth pass or later. The
//     score is clamped at 0 after every change. Time enters only through
//     ScoreAt, since the engine has no clock.
//   - Vegas scoring is derived from the foundations: 5 per card − 52.
//   - Undo and redo (Game) restore the score and the action count of the
//     position they return to: the count is the moves of the line played.
//   - Stuck detection is exact up to DefaultStuckBudget positions without
//     progress; past it the game counts as playing, so nobody is told they
//     are stuck when they are not. It was not reached in 10,000 positions
//     from random play under each of bvs, classic, classic-3, relaxed-1
//     and relaxed-3; most searches see a handful of positions, the largest
//     some tens of thousands (about a second).
//   - A won game has no legal moves.
//
// # Example
//
//	s, _ := klondike.New(klondike.NewDeal(42), klondike.Rules{Draw: 3, Passes: 3})
//	m, _ := klondike.ParseMove("D")
//	if err := s.Apply(m); err != nil {
//		// err is an *IllegalMoveError; s is unchanged.
//	}
//	fmt.Println(s.View())
package klondike
