package freecell

// View is what one player sees of a position (docs/RULES.md, "Views").
// FreeCell hides nothing: every card is face up from the deal, so a View
// holds the whole position, in the shape a player's board needs. Elapsed
// time is the caller's to add.
type View struct {
	// Cascades, left to right, each bottom card first.
	Cascades [NumCascades][]Card
	// Cells holds the free cells a … (one entry per cell of the rules),
	// NoCard for an empty one.
	Cells []Card
	// Foundations holds the rank on top of each suit's foundation, by
	// suit (clubs, diamonds, hearts, spades): 0 when empty.
	Foundations [NumSuits]Rank
	// Home is the number of cards on the foundations, 0 … 52.
	Home int
	// Actions counts every move made.
	Actions int
	// Won reports a won game.
	Won bool
}

// View returns what the player of this position sees. It allocates the
// slices it returns, so that a View shares nothing with the State.
func (s *State) View() View {
	v := View{
		Cells:   append([]Card{}, s.cells[:s.rules.Cells]...),
		Home:    s.Home(),
		Actions: s.actions,
		Won:     s.Won(),
	}
	for su := range v.Foundations {
		v.Foundations[su] = Rank(s.home[su])
	}
	for i := range s.cols {
		v.Cascades[i] = s.Cascade(i)
	}
	return v
}
