package match

import (
	"errors"
	"time"

	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/scoreboard"
)

// board is one racer's own game: the game's board, the length of the log
// that built it, the status, and when each count of cards off the table
// was first reached.
type board struct {
	racer Racer
	pos   game.Board
	// counters are the game's own counts (game.Game.Counters).
	counters []game.Counter
	seq      uint64
	status   Status
	// reached[k] is the store time at which the racer first had k cards
	// off the table (k ≥ 1): on the foundations, or in completed runs.
	reached reachedTimes
	// at is the store time of the latest entry applied, and ended that of
	// the entry after which the racer's game was over (won, stuck,
	// resigned), in Unix nanoseconds; 0 while it is not over.
	at, ended int64
}

// try validates action on a copy of b and returns the result. It does not
// check sequence numbers. A move tried here waits in the game's board for
// commit. A move that is not in the game's notation is an ErrBadAction.
func (b *board) try(action string, stuckBudget int) (step, error) {
	switch action {
	case ActionResign:
		if b.status.Done() {
			return step{}, ErrRacerDone
		}
		return step{status: StatusResigned}, nil
	case ActionFinish:
		// "Finish now" is the racer's decision: it is accepted whatever
		// the face-down cards allow, so that its answer tells nothing
		// the racer's status did not. A stuck racer stays stuck; a
		// playing one ends as by resigning, with the count they have.
		switch {
		case b.status == StatusStuck:
			return step{status: StatusStuck}, nil
		case b.status.Done():
			return step{}, ErrRacerDone
		}
		return step{status: StatusResigned}, nil
	}
	if b.status.Done() {
		return step{}, ErrRacerDone
	}
	st, err := b.pos.Try(action, stuckBudget)
	if err != nil {
		if errors.Is(err, game.ErrNotation) {
			return step{}, badAction(action)
		}
		return step{}, err
	}
	return step{status: status(st), moved: true}, nil
}

// commit applies action, validated as s, as log entry seq, stored at at.
// It fails only when the game's board does not accept the move, which
// try did: the board moved in between.
func (b *board) commit(s *step, action string, seq uint64, at time.Time) error {
	if s.moved {
		if err := b.pos.Commit(action); err != nil {
			return err
		}
	}
	done := b.status.Done()
	b.status = s.status
	b.seq = seq
	b.at = at.UnixNano()
	if !done && b.status.Done() {
		b.ended = b.at
	}
	if n := b.pos.Off(); n > 0 && b.reached[n] == 0 {
		for k := n; k >= 1 && b.reached[k] == 0; k-- {
			b.reached[k] = at.UnixNano()
		}
	}
	return nil
}

func (b *board) progress() Progress {
	p := Progress{Racer: b.racer.ID, Seq: b.seq, Status: b.status}
	c := b.pos.Counts()
	p.Foundations = c.BySuit
	p.Foundation = c.Off
	p.TurnedUp = c.TurnedUp
	p.Actions = c.Actions
	for i, k := range b.counters {
		p.Counts.Add(scoreboard.Count{Name: k.Name, Value: c.Own[i], OmitZero: k.OmitZero})
	}
	p.ReachedAt = b.reached.at(p.Foundation)
	return p
}

// finalCounts returns the board's counts that results keep
// (game.Counter's Final).
func (b *board) finalCounts() scoreboard.Counts {
	var out scoreboard.Counts
	c := b.pos.Counts()
	for i, k := range b.counters {
		if k.Final {
			out.Add(scoreboard.Count{Name: k.Name, Value: c.Own[i], OmitZero: k.OmitZero})
		}
	}
	return out
}

// endedAt returns when the racer's game ended (zero while it goes on), in
// UTC.
func (b *board) endedAt() time.Time {
	if b.ended == 0 {
		return time.Time{}
	}
	return time.Unix(0, b.ended).UTC()
}

// Play applies a stored action of a racer's log to b, a board taken with
// Match.Board, as Replay does without looking for a stuck position: a
// move in the game's notation; resign and finish leave the board as it
// is. An action that is not legal here is an error and leaves b
// unchanged.
func Play(b game.Board, action string) error {
	if action == ActionResign || action == ActionFinish {
		return nil
	}
	return b.Play(action)
}
