// Package bot is a FreeCell player for the program to play: it chooses a
// move from a freecell.View (FreeCell hides nothing: the view is the
// whole position), at a level (Relaxed, Steady, Strong; Greedy and
// Random for load tests). It knows nothing of races or networks:
// match/game/freecellgame offers it to the race server through the game
// contract (game.Botter), and hub/bot drives it.
//
//	s := freecell.MustNew(freecell.NewDeal(617), rules)
//	p := bot.New(bot.Config{Level: bot.Strong}, rules)
//	for !s.Won() {
//		m, ok := p.Next(s.View())
//		if !ok {
//			break // no move to a position it has not been in
//		}
//		if err := s.Apply(m); err != nil {
//			break // never happens: the bot's moves are legal
//		}
//	}
//
// At the levels for people it asks the solver (freecell/solver) for a
// winning line from the position it sees, within a budget of positions a
// move (Relaxed 150, Steady 2,000, Strong 50,000: the budget decides,
// so a game goes the same on any machine), and follows the line it
// found while the positions are those the line expects. When the solver
// finds no win (a lost deal, or one beyond the budget: it then searches
// again after a card goes home, or 8 moves later) it looks ahead,
// breadth first through positions it has not been in (Relaxed 200,
// Steady 1,000, Strong 4,000 positions), and plays towards the one with
// the most cards home, then the most free cells and empty cascades,
// then the most cards in order. The Greedy level plays the engine's hint
// (freecell.Hint), one move ahead. No level plays into a position it
// has been in; a bot stops when every move leads back, or when 150
// moves in a row have put no card home (a lost game), and it never
// resigns.
package bot
