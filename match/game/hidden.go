package game

// Hider is a Variant whose deals hide cards from their player: face-down
// cards, a stock in an order nobody has seen. There a solver that reads
// the whole deal (Practice.Hint) knows more than the player's view
// (Board.AppendView) shows, and the fair-play signals compare the two.
// A Variant that does not implement it shows its player every card from
// the deal on (an open game); callers find it with a type assertion.
type Hider interface {
	// HidesCards reports whether the variant's deals hide cards from
	// their player.
	HidesCards() bool
}
