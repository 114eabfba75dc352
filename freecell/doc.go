// Package freecell is the FreeCell solitaire engine (docs/RULES.md,
// "FreeCell"): Microsoft's numbered deals and deals from any 64-bit seed,
// the rule profiles (4, 3 or 2 free cells), positions (State) with
// legal-move generation, moves with supermoves, the safe moves to the
// foundations, stuck detection, hints, undo and redo (Game), and views.
// It has the shape of packages klondike and spider and shares only the
// cards with them (internal/cards).
//
// It knows nothing of networks, players, clocks or JSON, and imports only
// the standard library.
//
// # The game
//
// One deck, every card face up: FreeCell hides nothing, and a player's
// View is the whole position. Eight cascades (columns) hold the deal;
// free cells (4, or fewer in the variants) hold one card each; four
// foundations, one per suit, are built up from the ace to the king. A
// card goes on a cascade whose top card is one rank higher and of the
// other colour, or on an empty cascade (any card); into an empty free
// cell; or onto its foundation when it is the next card of its suit.
// Only the top card of a cascade and the cards in free cells move, one
// at a time; a supermove takes a run (cards one rank lower each, colours
// alternating) from the top of one cascade to another at once when
// single moves through the empty free cells and cascades could carry
// it: at most (1 + empty free cells) × 2^(empty cascades) cards,
// counting one empty cascade fewer when the run goes to an empty
// cascade. Cards on the foundations stay there. The game is won when all
// 52 cards are home.
//
// # Notation
//
// A card is its rank (A 2 3 4 5 6 7 8 9 T J Q K) then its suit (C D H S):
// "AS", "TD". A deal is the 52 cards in dealing order separated by
// spaces. Places: cascades 1 … 8, free cells a … d (from the left; a, b,
// c with three cells), and F, the foundations (the card's suit picks
// one). Moves: 3-5 (the top card of cascade 3 onto cascade 5), 3-5x4
// (the top four cards; "x1" is omitted), 3-a (to free cell a), a-5 (from
// free cell a to cascade 5), 3-F and a-F (to the foundations). Cascades
// are 0 … 7 and cells 0 … 3 in the Go API (Place).
//
// # Deals from seeds
//
// NewDeal(seed) is fixed forever, pinned by testdata/golden_deals.txt.
// Seeds 0 … 2³¹−1 are Microsoft's deals of that number (deal 1 begins JD
// 2D 9H JC 5D 7H 7C 5H, deal 11982 is the one deal of 1 … 32,000 that
// cannot be won):
//
//  1. The deck is AC AD AH AS 2C 2D 2H 2S … KC KD KH KS (card i is rank
//     i/4+1 of suit i mod 4, suits in the order C D H S).
//  2. The generator is the C runtime's rand() after srand(seed): a 32-bit
//     state, set to the seed; each call sets state = state·214013 +
//     2531011 mod 2³² and returns (state >> 16) & 0x7fff.
//  3. For i from 52 down to 1, j = rand() mod i: card j of the i cards
//     left is dealt next, and the last of them takes its place.
//
// Seeds from 2³¹ up are dealt as Klondike and Spider deal: the deck
// clubs A … K, diamonds, hearts, spades, shuffled by Fisher–Yates driven
// by SplitMix64 (internal/cards.Shuffle), read in dealing order. Those
// are not Microsoft's deals (its generator takes 32 bits, and FreeCell
// Pro's extension of the numbers past 2³¹ is not followed).
//
// # Layout
//
// Cards are dealt row by row, left to right: deal position k goes to
// cascade k mod 8 (from 0). Cascades 1–4 hold 7 cards, 5–8 hold 6; the
// last card dealt to a cascade is its top. Free cells and foundations
// start empty.
//
// # Decisions where docs/RULES.md and the sources are silent
//
//   - Nothing moves by itself: cards go to the foundations only by a
//     move. SafeMoves lists the moves to the foundations that can never
//     spoil a game, for a page or a bot that plays them automatically.
//   - Every legal move is generated, useless ones included: each empty
//     free cell is a destination of its own (3-a, 3-b, …), a run moves to
//     an empty cascade once for each size it may have (3-5, 3-5x2, …),
//     and a whole cascade may move to an empty one.
//   - A card never moves from one free cell to another, nor from the
//     foundations back to the table.
//   - Stuck: a game is stuck when no sequence of legal moves puts one
//     more card on the foundations. The search is exact up to a budget
//     of positions; past it the game counts as playing, so nobody is told
//     they are stuck when they are not. Whether a game is lost is the
//     solver's question (package freecell/solver).
//   - Every move counts one action; undo and redo (Game) restore the
//     action count of the position they return to.
//
// # Example
//
//	r, _ := freecell.Profile("freecell")
//	s, _ := freecell.New(freecell.NewDeal(1), r)
//	m, _ := freecell.ParseMove("3-a")
//	if err := s.Apply(m); err != nil {
//		// err is an *IllegalMoveError; s is unchanged.
//	}
//	fmt.Println(s.View())
package freecell
