package match

import "github.com/solitaire-race/racer/spider"

// spiderFaceDown is the number of face-down cards at a Spider deal.
const spiderFaceDown = 44

// spiderRun is the number of cards in a completed run.
const spiderRun = 13

func spiderStart(profile string, seed uint64) (Position, error) {
	rules, err := spider.Profile(profile)
	if err != nil {
		return Position{}, err
	}
	s, err := spider.New(spider.NewDeal(seed, rules.Suits), rules)
	if err != nil {
		return Position{}, err
	}
	return Position{game: GameSpider, spider: &s}, nil
}

// spiderTry validates move on a copy of s, returned as a new state: s is
// shared by copies of its Position and never changes.
func spiderTry(s *spider.State, move string, budget int) (step, error) {
	m, err := spider.ParseMove(move)
	if err != nil {
		return step{}, badAction(move)
	}
	next := new(spider.State) // only once the move parses: bad input allocates nothing
	*next = *s
	if err := next.Apply(m); err != nil {
		return step{}, err
	}
	st := step{status: StatusPlaying, spider: next}
	if next.Won() {
		st.status = StatusWon
	} else if budget != noStuckCheck {
		if stuck, sure := next.StuckWithin(budget); stuck && sure {
			st.status = StatusStuck
		}
	}
	return st, nil
}

func spiderOff(s *spider.State) int { return spiderRun * s.Completed() }

// spiderFill sets Spider's counts: completed runs, and cards off the
// table (13 per run) in Foundation and, by the run's suit, Foundations.
func spiderFill(s *spider.State, p *Progress) {
	p.TurnedUp = spiderFaceDown - s.FaceDownCount()
	p.Actions = s.Actions()
	p.Completed = s.Completed()
	p.Foundation = spiderOff(s)
	for _, su := range s.CompletedSuits() {
		p.Foundations[su&3] += spiderRun
	}
}
