package match

import (
	"time"

	"github.com/solitaire-race/racer/match/scoreboard"
)

// Phase is where a race stands in its lifecycle (scoreboard.Phase).
type Phase = scoreboard.Phase

// Phases of a race. Waiting belongs to rooms, before a race is created.
const (
	PhaseWaiting   = scoreboard.PhaseWaiting
	PhaseCountdown = scoreboard.PhaseCountdown
	PhaseRunning   = scoreboard.PhaseRunning
	PhaseFinished  = scoreboard.PhaseFinished
)

// Phase returns the race's phase at now (a store time).
func (m *Match) Phase(now time.Time) Phase {
	switch {
	case m.result != nil:
		return PhaseFinished
	case now.Before(m.race.StartAt):
		return PhaseCountdown
	}
	return PhaseRunning
}

// SetResult records the stored result: the race is finished.
func (m *Match) SetResult(r Result) {
	r = cloneResult(r)
	m.result = &r
}

// Result returns the race's result once it is finished.
func (m *Match) Result() (Result, bool) {
	if m.result == nil {
		return Result{}, false
	}
	return cloneResult(*m.result), true
}

// Over reports whether, on the boards as this node knows them, the race is
// over at now (a store time), and why. The authoritative result comes
// from Rank over the store's snapshot.
func (m *Match) Over(now time.Time) (reason string, over bool) {
	return over0(m.boards, m.race, now)
}

func over0(boards []*board, race Race, now time.Time) (string, bool) {
	allDone := true
	for _, b := range boards {
		if b.status == StatusWon {
			return EndWin, true
		}
		allDone = allDone && b.status.Done()
	}
	if allDone {
		return EndAllDone, true
	}
	if d := race.Deadline(); !d.IsZero() && !now.Before(d) {
		return EndTimeLimit, true
	}
	return "", false
}
