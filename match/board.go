package match

import (
	"time"
)

// board is one racer's own game: the position, the length of the log that
// built it, the status, and when each count of cards off the table was
// first reached.
type board struct {
	racer  Racer
	pos    Position
	seq    uint64
	status Status
	// reached[k] is the store time at which the racer first had k cards
	// off the table (k ≥ 1): on the foundations, or in completed runs.
	reached reachedTimes
}

// try validates action on a copy of b and returns the result. It does not
// check sequence numbers.
func (b *board) try(action string, stuckBudget int) (step, error) {
	switch action {
	case ActionResign:
		if b.status.Done() {
			return step{}, ErrRacerDone
		}
		return step{status: StatusResigned}, nil
	case ActionFinish:
		if b.status == StatusStuck {
			return step{status: StatusStuck}, nil
		}
		if b.status.Done() {
			return step{}, ErrRacerDone
		}
		return step{}, ErrNotStuck
	}
	if b.status.Done() {
		return step{}, ErrRacerDone
	}
	s, err := b.pos.try(action, stuckBudget)
	if err != nil {
		return step{}, err
	}
	s.moved = true
	return s, nil
}

// commit applies a validated step as log entry seq, stored at at.
func (b *board) commit(s *step, seq uint64, at time.Time) {
	if s.moved {
		b.pos.apply(s)
	}
	b.status = s.status
	b.seq = seq
	if n := b.pos.Off(); n > 0 && b.reached[n] == 0 {
		for k := n; k >= 1 && b.reached[k] == 0; k-- {
			b.reached[k] = at.UnixNano()
		}
	}
}

func (b *board) progress() Progress {
	p := Progress{Racer: b.racer.ID, Seq: b.seq, Status: b.status}
	b.pos.fill(&p)
	p.ReachedAt = b.reached.at(p.Foundation)
	return p
}
