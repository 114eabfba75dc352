package arenarun_test

import (
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub/arenarun"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match/arena"
)

// standings returns n standings, best first, with a bot at rank 2 and
// below the top.
func standings(n int) []arena.Standing {
	st := make([]arena.Standing, n)
	for i := range st {
		st[i] = arena.Standing{Rank: i + 1, Player: "p" + strings.Repeat("x", i%3) + time.Duration(i).String(),
			Withdrawn: i%5 == 0}
		st[i].Points, st[i].Races, st[i].Streak = 1000-i, i%7, i%4
	}
	st[wire.ArenaTop+1].Bot = true
	return st
}

// TestYouInReadsEachLine writes the table of ranks and reads every
// player's line back out of it, as each connection does.
func TestYouInReadsEachLine(t *testing.T) {
	st := standings(wire.ArenaTop + 30)
	paused := map[string]bool{st[wire.ArenaTop+3].Player: true}
	b := arenarun.AppendRanks(nil, "arena-1", st, paused)
	for i, s := range st {
		you, ok := arenarun.YouIn(b, s.Player)
		if want := i >= wire.ArenaTop && !s.Bot; ok != want {
			t.Fatalf("line of %d (%s): got %v, want %v", i, s.Player, ok, want)
		}
		if !ok {
			continue
		}
		want := wire.ArenaYou{Type: wire.TypeArenaYou, Arena: "arena-1", Rank: s.Rank, Points: s.Points, Races: s.Races,
			Streak: s.Streak, Fire: s.Streak >= 2, Paused: paused[s.Player], Withdrawn: s.Withdrawn}
		if you != want {
			t.Fatalf("line of %s: got %+v, want %+v", s.Player, you, want)
		}
	}
	if _, ok := arenarun.YouIn(b, "nobody"); ok {
		t.Fatal("a player not in the table got a line")
	}
}

// TestAppendRanksNoneBelowTop: a table with nobody below the top is not
// written.
func TestAppendRanksNoneBelowTop(t *testing.T) {
	if b := arenarun.AppendRanks(nil, "a", standings(wire.ArenaTop + 2)[:wire.ArenaTop], nil); b != nil {
		t.Fatalf("got %q, want nil", b)
	}
}

// TestFrameCaps: the arena message carries at most ArenaTop standings,
// and Info carries the arena's setup.
func TestFrameCaps(t *testing.T) {
	start := time.Date(2026, 1, 2, 3, 0, 0, 0, time.UTC)
	a := arena.Arena{ID: "a1", Name: "Hourly", Profile: "bvs", Start: start, Duration: time.Hour, RaceSize: 2,
		Rated: true, Every: time.Hour}
	var players []arena.Player
	for i := range wire.ArenaTop + 5 {
		players = append(players, arena.Player{Entrant: arena.Entrant{ID: "p" + time.Duration(i).String(), Name: "P"}})
	}
	msg, st := arenarun.Frame(a, start.Add(time.Minute), players)
	if len(msg.Standings) != wire.ArenaTop || len(st) != len(players) {
		t.Fatalf("got %d standings of %d, want %d of %d", len(msg.Standings), len(st), wire.ArenaTop, len(players))
	}
	info := msg.Arena
	if info.ID != "a1" || !info.End.Equal(start.Add(time.Hour)) || info.DurationMS != 3600000 || info.Schedule == nil ||
		info.Schedule.EveryMS != 3600000 || msg.Phase != arena.PhaseRunning {
		t.Fatalf("got %+v (phase %s), want the arena's setup, running", info, msg.Phase)
	}
}
