package match

import (
	"fmt"
	"time"

	"github.com/solitaire-race/racer/klondike"
)

// board is one racer's own game: the position, the length of the log that
// built it, the status, and when each foundation count was first reached.
type board struct {
	racer  Racer
	state  klondike.State
	seq    uint64
	status Status
	// reached[k] is the store time at which the foundations first held k
	// cards (k ≥ 1).
	reached [klondike.NumCards + 1]time.Time
}

// step is an action validated against a board, not yet applied.
type step struct {
	state  klondike.State
	status Status
}

// try validates action on a copy of b and returns the result. It does not
// check sequence numbers.
func (b *board) try(action string, stuckBudget int) (step, error) {
	switch action {
	case ActionResign:
		if b.status.Done() {
			return step{}, ErrRacerDone
		}
		return step{state: b.state, status: StatusResigned}, nil
	case ActionFinish:
		if b.status == StatusStuck {
			return step{state: b.state, status: StatusStuck}, nil
		}
		if b.status.Done() {
			return step{}, ErrRacerDone
		}
		return step{}, ErrNotStuck
	}
	if b.status.Done() {
		return step{}, ErrRacerDone
	}
	m, err := klondike.ParseMove(action)
	if err != nil {
		return step{}, fmt.Errorf("%w: %q", ErrBadAction, action)
	}
	next := b.state
	if err := next.Apply(m); err != nil {
		return step{}, err
	}
	st := StatusPlaying
	switch {
	case next.Won():
		st = StatusWon
	default:
		if stuck, sure := next.StuckWithin(stuckBudget); stuck && sure {
			st = StatusStuck
		}
	}
	return step{state: next, status: st}, nil
}

// commit applies a validated step as log entry seq, stored at at.
func (b *board) commit(s step, seq uint64, at time.Time) {
	b.state = s.state
	b.status = s.status
	b.seq = seq
	if n := b.state.FoundationCards(); n > 0 && b.reached[n].IsZero() {
		for k := n; k >= 1 && b.reached[k].IsZero(); k-- {
			b.reached[k] = at
		}
	}
}

func (b *board) progress() Progress {
	n := b.state.FoundationCards()
	return progressOf(b.racer.ID, b.seq, &b.state, b.status, b.reached[n])
}
