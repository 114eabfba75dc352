package match

import "github.com/solitaire-race/racer/klondike"

// klondikeFaceDown is the number of face-down cards at a Klondike deal.
const klondikeFaceDown = 21

func klondikeStart(profile string, seed uint64) (Position, error) {
	rules, err := klondike.Profile(profile)
	if err != nil {
		return Position{}, err
	}
	s, err := klondike.New(klondike.NewDeal(seed), rules)
	if err != nil {
		return Position{}, err
	}
	return Position{game: GameKlondike, klondike: s}, nil
}

// klondikeTry validates move on a copy of s. It allocates nothing for a
// legal move: it is tryMove written out, since through the generic call
// the copy escaped to the heap (280 bytes a move on the server's hot path;
// TestKlondikeTryAllocatesNothing checks).
func klondikeTry(s *klondike.State, move string, budget int) (step, error) {
	m, err := klondike.ParseMove(move)
	if err != nil {
		return step{}, badAction(move)
	}
	st := step{klondike: *s}
	next := &st.klondike
	if err := next.Apply(m); err != nil {
		return step{}, err
	}
	st.status = StatusPlaying
	if next.Won() {
		st.status = StatusWon
	} else if stuck, sure := next.StuckWithin(budget); stuck && sure {
		st.status = StatusStuck
	}
	return st, nil
}

func klondikeFill(s *klondike.State, p *Progress) {
	p.TurnedUp = klondikeFaceDown - s.FaceDownCount()
	p.Actions = s.Actions()
	p.Passes = s.PassesUsed()
	for su := range klondike.NumSuits {
		p.Foundations[su] = s.Foundation(klondike.Suit(su))
		p.Foundation += p.Foundations[su]
	}
}
