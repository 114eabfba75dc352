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

// klondikeTry validates move on a copy of s and returns the racer's
// status after it: won, stuck (sure within budget positions; not
// looked for at noStuckCheck) or playing. A
// move that does not parse is an ErrBadAction. It allocates nothing for a
// legal move (TestKlondikeTryAllocatesNothing checks): the trial board
// stays on the stack.
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
	} else if budget != noStuckCheck {
		if stuck, sure := next.StuckWithin(budget); stuck && sure {
			st.status = StatusStuck
		}
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
