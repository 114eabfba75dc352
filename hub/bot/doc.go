// Package bot is a solitaire racer played by the program: a heuristic that
// chooses a move from a klondike.View (or a spider.View) alone (face-up cards and counts,
// never a face-down card: the View holds none), with strength levels, and
// a driver that plays a race through the hub's client package.
//
// Offline, against the engine:
//
//	s := klondike.MustNew(klondike.NewDeal(7), rules)
//	p := bot.New(bot.ConfigFor(bot.Config{Level: bot.Strong}, rules))
//	for !s.Won() {
//		m, ok := p.Next(s.View())
//		if !ok {
//			break // the bot sees no way forward: resign
//		}
//		if err := s.Apply(m); err != nil {
//			break // never happens: the bot's moves are legal
//		}
//	}
//
// Evaluate and PlayDeal do this over many deals; `loadgen bots` prints the
// win rates.
//
// A SpiderPlayer plays Spider the same way, from a spider.View (face-up
// cards, face-down counts, the stock's size): NewSpider, Next,
// PlaySpiderDeal and EvaluateSpider. Race plays either game, by the
// race's game.
package bot
