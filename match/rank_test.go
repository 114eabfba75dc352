package match_test

import (
	"testing"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/matchtest"
)

// logOf builds a snapshot's logs one entry at a time.
type logOf map[string][]match.Entry

func (l logOf) add(racer, action string, at time.Time) {
	l[racer] = append(l[racer], match.Entry{Seq: uint64(len(l[racer]) + 1), Action: action, At: at})
}

// TestRankTies: racers level on cards share a place when no time parts
// them (none home, so no time at all); a count reached at different
// moments parts them by that time.
func TestRankTies(t *testing.T) {
	seed, line := matchtest.Winnable(games.All, "bvs")
	// first is the shortest prefix of line that puts a card home.
	first := 0
	m, _ := match.New(newRace(t, seed, "x"), match.Options{Games: games.All})
	for i, mv := range line {
		play(t, m, "x", mv.String(), t0)
		if p, _ := m.Progress("x"); p.Foundation > 0 {
			first = i + 1
			break
		}
	}
	if first == 0 {
		t.Fatal("no card home in the winning line")
	}
	tests := []struct {
		name      string
		aMoves    int
		bMoves    int
		wantPlace [2]int
		wantCards int
	}{
		{"both resign with none home", 0, 0, [2]int{1, 1}, 0},
		{"both move, none home", first - 1, first - 1, [2]int{1, 1}, 0},
		{"same count, a first", first, first, [2]int{1, 2}, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			race := newRace(t, seed, "a", "b")
			logs := logOf{}
			at := t0
			for _, mv := range line[:tt.aMoves] {
				at = at.Add(time.Second)
				logs.add("a", mv.String(), at)
			}
			for _, mv := range line[:tt.bMoves] {
				at = at.Add(time.Second)
				logs.add("b", mv.String(), at)
			}
			aEnd, bEnd := at.Add(7*time.Second), at.Add(10*time.Second)
			logs.add("a", match.ActionResign, aEnd)
			logs.add("b", match.ActionResign, bEnd)
			res, over, err := match.Rank(match.Snapshot{Race: race, Logs: logs}, bEnd, match.Options{Games: games.All})
			if err != nil || !over || res.Reason != match.EndAllDone {
				t.Fatalf("Rank: %+v %v %v, want all done", res, over, err)
			}
			a, b := res.Standings[0], res.Standings[1]
			if a.Player != "a" || a.Place != tt.wantPlace[0] || b.Place != tt.wantPlace[1] {
				t.Errorf("got %s place %d, %s place %d; want a place %d, b place %d", a.Player, a.Place, b.Player, b.Place, tt.wantPlace[0], tt.wantPlace[1])
			}
			if a.Foundation != b.Foundation || (tt.wantCards >= 0 && a.Foundation != tt.wantCards) {
				t.Errorf("got cards %d and %d, want both level", a.Foundation, b.Foundation)
			}
			if !a.EndedAt.Equal(aEnd) || !b.EndedAt.Equal(bEnd) {
				t.Errorf("got ended at %v and %v, want their resignations %v and %v", a.EndedAt, b.EndedAt, aEnd, bEnd)
			}
		})
	}
}

// TestRankEndedAt: a racer's game ends with the entry that ended it; a
// racer still playing ends with the race, at the winning move or the time
// limit, not at their last action.
func TestRankEndedAt(t *testing.T) {
	seed, line := matchtest.Winnable(games.All, "bvs")
	t.Run("win", func(t *testing.T) {
		race := newRace(t, seed, "a", "b")
		race.TimeLimit = time.Hour
		logs := logOf{}
		logs.add("b", line[0].String(), t0.Add(time.Second))
		var at time.Time
		for i, mv := range line {
			at = t0.Add(time.Duration(i+2) * time.Second)
			logs.add("a", mv.String(), at)
		}
		res, over, err := match.Rank(match.Snapshot{Race: race, Logs: logs, Winner: "a"}, at.Add(time.Minute), match.Options{Games: games.All})
		if err != nil || !over {
			t.Fatalf("Rank: %v, over %v", err, over)
		}
		for _, s := range res.Standings {
			if !s.EndedAt.Equal(at) {
				t.Errorf("%s (%s): got ended at %v, want the winning move's %v", s.Player, s.Status, s.EndedAt, at)
			}
		}
		if w := res.Standings[0]; !w.ReachedAt.Equal(at) {
			t.Errorf("winner reached 52 at %v, want %v", w.ReachedAt, at)
		}
	})
	t.Run("time limit", func(t *testing.T) {
		race := newRace(t, seed, "a", "b")
		logs := logOf{}
		logs.add("a", line[0].String(), t0.Add(time.Second))
		logs.add("b", match.ActionResign, t0.Add(2*time.Second))
		res, over, err := match.Rank(match.Snapshot{Race: race, Logs: logs}, t0.Add(2*time.Minute), match.Options{Games: games.All})
		if err != nil || !over || res.Reason != match.EndTimeLimit {
			t.Fatalf("Rank: %+v %v %v, want the time limit", res, over, err)
		}
		want := map[string]time.Time{"a": race.Deadline(), "b": t0.Add(2 * time.Second)}
		for _, s := range res.Standings {
			if !s.EndedAt.Equal(want[s.Player]) {
				t.Errorf("%s (%s): got ended at %v, want %v", s.Player, s.Status, s.EndedAt, want[s.Player])
			}
		}
	})
}
