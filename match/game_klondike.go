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
// legal move.
func klondikeTry(s *klondike.State, move string, budget int) (step, error) {
	var next klondike.State
	st, err := tryMove(&next, s, move, budget, klondike.ParseMove)
	if err != nil {
		return step{}, err
	}
	return step{status: st, klondike: next}, nil
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
