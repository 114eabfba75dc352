// Package bot is a solitaire racer played by the program: a player that
// chooses a move from a klondike.View (or a spider.View) alone (face-up
// cards and counts, never a face-down card: the View holds none), with
// levels a person can pick, and a driver that plays a race through the
// hub's client package.
//
// Offline, against the engine:
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
// The Klondike player (player.go) searches, a few hundred positions a
// move, over what it has seen: the face-up cards
// and the stock and waste cards it remembers from earlier views. A card
// its search turns up is unknown to it; it values such a card by the
// share of the cards it has not seen that could move at once, and among
// lines worth about the same it plays first the one that turns a card up
// now (what the card is may change the plan). With nothing worth
// playing it takes the shortest way it sees to a card home or turned
// up, and otherwise draws or recycles while that is legal: it never
// gives up a game a person could still take further.
//
// The levels for people (PlayerLevels) are Relaxed, Steady (the default)
// and Strong; each has its pace (Level.Pace), a pause before each action
// that a person can follow. Greedy and Random serve load tests.
//
// Evaluate plays many deals offline (only those the game's solver proves
// winnable, if asked) and sums the games: win rate, median cards off the
// table, and the pace an action would take in a race; `loadgen bots`
// prints it. Games end where a race would end them: won, or stuck by the
// race's stuck detection.
//
// A SpiderPlayer plays Spider the same way, from a spider.View (face-up
// cards, face-down counts, the stock's size): NewSpider, Next and
// PlaySpiderDeal. Race plays either game, by the race's profile; the
// per-game players know nothing of races (game.go adapts them).
package bot
