package game

import "errors"

// ErrBotLevel reports a bot level's name that a game's bot does not know.
var ErrBotLevel = errors.New("game: unknown bot level")

// Botter is a Variant whose game has a bot: a player the program plays,
// in races (seated for a person nobody joined) and offline (the bots'
// evaluation). Variants with a bot implement it; callers find it with a
// type assertion.
type Botter interface {
	// NewBot returns a bot for one game of the variant, at level, by its
	// name: "relaxed", "steady" (also ""), "strong" for people, from the
	// weakest; "greedy" (one move ahead) and "random" (any legal move)
	// for load tests. seed seeds the bot's random choices: one seed and
	// one sequence of views give one sequence of moves. An unknown level
	// is an error wrapping ErrBotLevel.
	NewBot(level string, seed uint64) (Bot, error)
}

// Bot chooses one racer's moves, from what that racer may see. A Bot
// remembers the positions of one game; it is not safe for concurrent
// use.
type Bot interface {
	// NextView returns the move to play in the position of view, the
	// JSON of the racer's view (Board.AppendView's, as the wire carries
	// it), and false when the game is over, the view is not the game's,
	// or the bot has no move left to play.
	NextView(view []byte) (BotMove, bool)
	// NextBoard is NextView for b, a board of the bot's variant, seeing
	// only what b's owner may see; false for another game's board.
	NextBoard(b Board) (BotMove, bool)
}

// BotMove is a bot's move.
type BotMove struct {
	// Move is the move in the game's notation.
	Move string
	// Stock is true for a move that only turns the stock (a draw, a
	// recycle, a deal), which a person makes quicker than a play.
	Stock bool
}
