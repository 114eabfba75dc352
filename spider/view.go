package spider

// View is exactly what one player may see of a position (docs/RULES.md,
// "Views"): the face-up cards, the number of face-down cards in each
// column, the stock's size but never its order, the completed runs and
// the counters. Elapsed time is the caller's to add.
type View struct {
	// Columns, left to right.
	Columns [NumColumns]ColumnView
	// Stock is the number of cards in the stock.
	Stock int
	// Completed is the number of runs completed, 0 … 8.
	Completed int
	// CompletedSuits holds the suit of each completed run, in order.
	CompletedSuits []Suit
	// Actions counts every move and deal made.
	Actions int
	// Won reports a won game.
	Won bool
}

// ColumnView is one column as a player sees it.
type ColumnView struct {
	// Down is the number of face-down cards, under Up.
	Down int
	// Up holds the face-up cards, bottom first.
	Up []Card
}

// View returns what the player of this position may see. It allocates the
// slices it returns, so that a View shares nothing with the State.
func (s *State) View() View {
	v := View{
		Stock:          int(s.b.nStock),
		Completed:      int(s.b.nDone),
		CompletedSuits: s.CompletedSuits(),
		Actions:        s.actions,
		Won:            s.Won(),
	}
	for i := range s.b.cols {
		c := &s.b.cols[i]
		v.Columns[i] = ColumnView{Down: int(c.down), Up: append([]Card{}, c.cards[c.down:c.n]...)}
	}
	return v
}
