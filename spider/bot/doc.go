// Package bot is a Spider player for the program to play: it chooses a
// move from a spider.View alone (face-up cards, face-down counts, the
// stock's size; never a face-down card nor the stock's order), at a
// level (Relaxed, Steady, Strong; Greedy and Random for load tests). It
// knows nothing of races or networks: match/game/spidergame offers it to
// the race server through the game contract (game.Botter), and hub/bot
// drives it.
//
//	s, _ := spider.New(spider.NewDeal(7, rules.Suits), rules)
//	p := bot.New(bot.ConfigFor(bot.Config{Level: bot.Strong}, rules))
//	for !s.Won() {
//		m, ok := p.Next(s.View())
//		if !ok {
//			break // no move left
//		}
//		if err := s.Apply(m); err != nil {
//			break // never happens: the bot's moves are legal
//		}
//	}
package bot
