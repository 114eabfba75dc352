// Package spider is the Spider solitaire engine (docs/RULES.md,
// "Spider"): cards and their notation, two-deck deals from seeds for
// 1, 2 or 4 suits, the rule profiles, positions (State) with legal-move
// generation, moves, completed runs, stuck detection, hints, undo and
// redo (Game), and views: what one player may see. It has the shape of
// package klondike but shares no code with it.
//
// It knows nothing of networks, players, clocks or JSON, and imports only
// the standard library.
//
// # Notation
//
// A card is its rank (A 2 3 4 5 6 7 8 9 T J Q K) then its suit (C D H S):
// "AS", "TD". A deal is the 104 cards in deck order separated by spaces.
// Moves: D (deal ten cards from the stock), 3-5x4 (four cards from column
// 3 to column 5; "x1" is omitted), 10-1 (one card from column 10 to column
// 1). Columns are 1 … 10 in the notation and 0 … 9 in the Go API.
//
// # Deals from seeds
//
// NewDeal(seed, suits) is fixed forever, pinned by testdata/golden_deals.txt:
//
//  1. Start from the ordered deck of 104 cards: with 4 suits, clubs A … K,
//     diamonds A … K, hearts A … K, spades A … K, twice (deck 1 then
//     deck 2); with 2 suits, spades A … K then hearts A … K, four times;
//     with 1 suit, spades A … K eight times.
//  2. Draw 64-bit numbers from SplitMix64 seeded with seed: each step adds
//     0x9E3779B97F4A7C15 to the state z, then mixes
//     z = (z ^ z>>30) * 0xBF58476D1CE4E5B9; z = (z ^ z>>27) * 0x94D049BB133111EB;
//     z ^ z>>31.
//  3. Fisher–Yates: for i from 103 down to 1, swap positions i and j, where
//     j is uniform in [0, i] by Lemire's method: take the high 64 bits of
//     the 128-bit product x·(i+1), rejecting x while the low 64 bits are
//     below 2^64 mod (i+1).
//
// This is package klondike's shuffle, over 104 positions instead of 52.
//
// # Layout
//
// Cards are dealt row by row, left to right, over the columns still
// taking cards: rows 0 … 4 give one card to each of the 10 columns, row 5
// one to each of columns 1 … 4. Columns 1–4 hold 6 cards, 5–10 hold 5: 54
// cards, deck positions 0 … 53. Each column's last card is face up, the
// other 44 face down. Positions 54 … 103 form the stock, dealt ten at a
// time: position 54 is the first card of the first deal and goes to
// column 1, position 63 to column 10.
//
// # Moves
//
// A column move takes the top n cards of a column when they are face up
// and form a group: each one rank below the card under it, suits mixed
// under the Permissive group rule, one suit under Standard. The group goes
// onto a column whose top card is one rank above its lowest card (the
// lowest card of the group is the one placed on the destination; suit
// free), or onto an empty column, which takes any card or group. A
// face-down card left on top turns up at once. The deal D is legal when
// the stock is not empty and no column is empty; it puts one face-up card
// on each column, column 1 first. After any move or deal, every run of K
// down to A of one suit lying face up on top of a column leaves the table
// at once, in order of columns, to the completed pile, and the card under
// it turns up if face down. Eight completed runs win; no move is legal
// after.
//
// # Decisions where docs/RULES.md and source 003 are silent
//
//   - Every legal move is generated, useless ones included: a group moved
//     from one card to another of the same rank, or a whole column moved
//     to an empty column (legal, and pointless). Moves to an empty column
//     are listed for every group size: 3-5, 3-5x2, ….
//   - A group in a column is the run on its top, whatever lies below: face
//     up cards need not all form one run, since deals put cards anywhere.
//   - Every move and deal counts one action; undo and redo (Game) restore
//     the action count of the position they return to, as in package
//     klondike. Undo has no limit and undoes deals.
//   - Stuck: a game is stuck when no sequence of legal moves reaches a
//     position with more completed runs, fewer face-down cards, or a
//     legal deal. The search is exact up to the budget of positions; past
//     it the game counts as playing, so nobody is told they are stuck when
//     they are not. While the stock lasts and no column is empty the
//     answer is immediate (a deal is legal). Late in a game with long
//     mixed runs the set of positions without progress can be huge: of
//     240 positions from random play (100 to 500 actions, the cases of
//     TestStuckMatchesReference at 40 per profile), 199 are stuck and 22
//     exceed 100,000 positions (about a second on a shared core); of 18
//     such searched again with 3,000,000 (without merging dead suits),
//     12 were stuck and 6 still undecided.
//   - Hint: see Hint for its order of preference. It never suggests a
//     group moved between two cards of one rank unless that joins a suit,
//     nor a move to an empty column that turns nothing up, so following
//     hints never goes back and forth while one of its useful kinds, the
//     deal or the filling of an empty column for the deal is at hand;
//     after that (stock empty, nothing useful) it returns the first legal
//     move, which may be pointless.
//   - A Deal must hold the cards of its rules' suits: New refuses a deal
//     of 4 suits under rules of 2.
//
// # Example
//
//	r, _ := spider.Profile("spider-2")
//	s, _ := spider.New(spider.NewDeal(42, r.Suits), r)
//	m, _ := spider.ParseMove("D")
//	if err := s.Apply(m); err != nil {
//		// err is an *IllegalMoveError; s is unchanged.
//	}
//	fmt.Println(s.View())
package spider
