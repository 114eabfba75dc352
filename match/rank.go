package match

import (
	"slices"
	"time"
)

// Rank decides from a stored snapshot whether the race is over at now (the
// store's clock) and, if so, its result by the ranking rule (the game's
// RankingRule): the racer whose append claimed the win is first; the
// others rank by cards off the table (on the foundations in Klondike, in
// completed runs in Spider), and racers level on that count by the store
// time at which they first reached it. Racers level on both share a
// place: racers with no card off the table always do, since no time
// parts them. Actions stored after the deciding moment (the winning
// append, or the time limit) do not count. Each standing's EndedAt is
// when that racer's game ended: the entry that ended it, or the deciding
// moment (now when there is none) for a racer still playing.
func Rank(snap Snapshot, now time.Time, opts Options) (Result, bool, error) {
	var cutoff time.Time
	reason := ""
	if snap.Winner != "" {
		reason = EndWin
		log := snap.Logs[snap.Winner]
		if len(log) > 0 {
			cutoff = log[len(log)-1].At
		}
	}
	if reason == "" {
		full, err := Rebuild(Snapshot{Race: snap.Race, Logs: snap.Logs}, opts)
		if err != nil {
			return Result{}, false, err
		}
		r, over := full.Over(now)
		if !over {
			return Result{}, false, nil
		}
		reason = r
		if reason == EndTimeLimit {
			cutoff = snap.Race.Deadline()
		}
		if reason == EndWin {
			// Only the store's claim names a winner; a log that wins
			// without a claim is a store bug. Rank it as all done.
			reason = EndAllDone
		}
	}
	logs := snap.Logs
	if !cutoff.IsZero() {
		logs = make(map[string][]Entry, len(snap.Logs))
		for id, l := range snap.Logs {
			n := 0
			for n < len(l) && !l[n].At.After(cutoff) {
				n++
			}
			logs[id] = l[:n]
		}
	}
	m, err := Rebuild(Snapshot{Race: snap.Race, Logs: logs}, opts)
	if err != nil {
		return Result{}, false, err
	}
	end := cutoff
	if end.IsZero() {
		end = now
	}
	return Result{Race: snap.Race.ID, Reason: reason, Standings: standings(m, snap.Winner, end)}, true, nil
}

// standings ranks m's racers; end is when the game of a racer still
// playing ended.
func standings(m *Match, winner string, end time.Time) []Standing {
	out := make([]Standing, len(m.boards))
	for i, b := range m.boards {
		p := b.progress()
		st := p.Status
		if b.racer.ID != winner && st == StatusWon {
			st = StatusPlaying // cannot happen with a correct store
		}
		ended := b.endedAt()
		if ended.IsZero() || st == StatusPlaying {
			ended = end
		}
		out[i] = Standing{Player: b.racer.ID, Name: b.racer.Name, Status: st, Foundation: p.Foundation, Counts: b.finalCounts(), ReachedAt: p.ReachedAt, EndedAt: ended, Actions: p.Actions}
	}
	better := func(a, b Standing) int {
		aw, bw := a.Player == winner, b.Player == winner
		switch {
		case aw && !bw:
			return -1
		case bw && !aw:
			return 1
		case a.Foundation != b.Foundation:
			return b.Foundation - a.Foundation
		}
		return a.ReachedAt.Compare(b.ReachedAt)
	}
	slices.SortStableFunc(out, better)
	for i := range out {
		if i > 0 && better(out[i-1], out[i]) == 0 {
			out[i].Place = out[i-1].Place
		} else {
			out[i].Place = i + 1
		}
	}
	return out
}
