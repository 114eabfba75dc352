// Package bot is a Klondike player for the program to play: it chooses a
// move from a klondike.View alone (face-up cards and counts, never a
// face-down card: the View holds none), at a level (Relaxed, Steady,
// Strong; Greedy and Random for load tests). It knows nothing of races
// or networks: match/game/klondikegame offers it to the race server
// through the game contract (game.Botter), and hub/bot drives it.
//
//	s := klondike.MustNew(klondike.NewDeal(7), rules)
//	p := bot.New(bot.ConfigFor(bot.Config{Level: bot.Steady}, rules))
//	for !s.Won() {
//		m, ok := p.Next(s.View())
//		if !ok {
//			break // no move left: the game is stuck
//		}
//		if err := s.Apply(m); err != nil {
//			break // never happens: the bot's moves are legal
//		}
//	}
//
// The Player searches, a few hundred positions a move, over what it has
// seen: the face-up cards and the stock and waste cards it remembers
// from earlier views. A card its search turns up is unknown to it; it
// values such a card by the share of the cards it has not seen that
// could move at once, and among lines worth about the same it plays
// first the one that turns a card up now (what the card is may change
// the plan). With nothing worth playing it takes the shortest way it
// sees to a card home or turned up, and otherwise draws or recycles
// while that is legal: it never gives up a game a person could still
// take further.
//
// When the rules draw three with passes limited, Steady and Strong
// first imagine (hindsight optimisation, "perfect information Monte
// Carlo": Bjarnason, Fern and Tadepalli 2009): they deal the cards they
// have not seen, at random, into the places they cannot see (face-down
// cards, stock cards not seen yet), keeping every card seen where it was
// seen, 24 such deals a decision; search each to 1,000 positions, seeing
// through the cards a line turns up; and play the move whose lines are
// best on average over the deals. The deals are the bot's imagination,
// drawn from its seed and what it knows: the same view gives the same
// move. Drawing one, or with unlimited passes, they do not: there the
// imagined deals misled the bot (player.go says by how much).
package bot
