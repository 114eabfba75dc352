package klondike

// View is exactly what one player may see of a position (docs/RULES.md,
// "Views"): face-up cards, the number of face-down cards in each column,
// the stock's size but never its order, the visible top of the waste, the
// foundations and the counters. Elapsed time is the caller's to add.
type View struct {
	// Columns, left to right.
	Columns [NumColumns]ColumnView
	// Stock is the number of cards in the stock.
	Stock int
	// Waste holds the visible top of the waste, bottom first, the last
	// card playable: up to three cards in draw 3, one in draw 1.
	Waste []Card
	// WasteSize is the number of cards on the waste.
	WasteSize int
	// Foundations holds the number of cards on each suit's foundation,
	// indexed by Suit (which is also the top card's rank).
	Foundations [NumSuits]int
	// PassesUsed counts the trips through the stock begun; PassesLeft
	// those that may still begin, -1 when unlimited.
	PassesUsed, PassesLeft int
	// Actions counts every move made.
	Actions int
	// Score is the score without its time part (see State.ScoreAt).
	Score int
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

// View returns what the player of this position may see. It allocates
// the slices it returns (the face-up cards of each column and the waste
// shown), so that a View shares nothing with the State.
func (s *State) View() View {
	v := View{
		Stock:      int(s.b.nStock),
		WasteSize:  int(s.b.nWaste),
		PassesUsed: int(s.b.passes),
		PassesLeft: s.PassesLeft(),
		Actions:    s.actions,
		Score:      s.Score(),
		Won:        s.Won(),
	}
	for i := range s.b.cols {
		c := &s.b.cols[i]
		v.Columns[i] = ColumnView{Down: int(c.down), Up: append([]Card{}, c.cards[c.down:c.n]...)}
	}
	shown := min(int(s.b.nWaste), s.rules.Draw)
	v.Waste = append([]Card{}, s.b.waste[int(s.b.nWaste)-shown:s.b.nWaste]...)
	for su := range v.Foundations {
		v.Foundations[su] = int(s.b.found[su])
	}
	return v
}
