package match_test

import (
	"errors"
	"testing"
	"time"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/game/spidergame"
	"github.com/solitaire-race/racer/match/matchtest"
	"github.com/solitaire-race/racer/spider"
)

// spiderRace returns a spider-1 race on the deal matchtest wins, with its
// winning line in notation.
func spiderRace(t *testing.T, racers ...string) (match.Race, []string) {
	t.Helper()
	seed, line := matchtest.WinnableSpider(games.All, "spider-1")
	r := newRace(t, seed, racers...)
	r.Profile = "spider-1"
	out := make([]string, len(line))
	for i, m := range line {
		out[i] = m.String()
	}
	return r, out
}

func TestGameOf(t *testing.T) {
	for _, tt := range []struct {
		profile string
		want    match.Game
	}{
		{"bvs", match.GameKlondike}, {"relaxed-3", match.GameKlondike},
		{"spider-1", match.GameSpider}, {"spider-4-std", match.GameSpider},
	} {
		if got, err := games.All.GameOf(tt.profile); err != nil || match.Game(got) != tt.want {
			t.Errorf("GameOf(%q) = %q, %v; want %q", tt.profile, got, err, tt.want)
		}
	}
	_, err := games.All.GameOf("spider-3")
	if !errors.Is(err, match.ErrUnknownProfile) || !errors.Is(err, klondike.ErrUnknownProfile) || !errors.Is(err, spider.ErrUnknownProfile) {
		t.Errorf("GameOf(spider-3): got %v, want match's, klondike's and spider's unknown profile", err)
	}
	for _, name := range games.Profiles() {
		if _, err := games.All.GameOf(name); err != nil {
			t.Errorf("GameOf(%q): %v", name, err)
		}
	}
}

func TestSpiderPrepareErrors(t *testing.T) {
	r, _ := spiderRace(t, "a", "b")
	m, err := match.New(r, match.Options{Games: games.All})
	if err != nil {
		t.Fatal(err)
	}
	if m.Game() != match.GameSpider {
		t.Fatalf("game %q, want spider", m.Game())
	}
	for _, tt := range []struct {
		action string
		want   error
	}{
		{"W-F", match.ErrBadAction},  // Klondike's notation, not Spider's
		{"FH-3", match.ErrBadAction}, // same
		{"11-1", match.ErrBadAction}, // no column 11
		{"1-2x13", spider.ErrIllegalMove},
	} {
		_, err := m.Prepare("a", 1, tt.action)
		if !errors.Is(err, tt.want) {
			t.Errorf("Prepare(%q): got %v, want %v", tt.action, err, tt.want)
		}
	}
	var ill *spider.IllegalMoveError
	if _, err := m.Prepare("a", 1, "1-2x13"); !errors.As(err, &ill) || ill.Reason == "" {
		t.Errorf("illegal move error %v, want a *spider.IllegalMoveError with a reason", err)
	}
	if p, _ := m.Progress("a"); p.Seq != 0 || p.TurnedUp != 0 {
		t.Errorf("refused actions changed the board: %+v", p)
	}
}

// TestSpiderWinAndRank plays the winning line for a, two moves for b and
// checks progress (completed runs, cards turned up), the win and the
// ranking by cards off the table.
func TestSpiderWinAndRank(t *testing.T) {
	r, line := spiderRace(t, "a", "b", "c")
	m, err := match.New(r, match.Options{Games: games.All})
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := m.AppendView("a", nil)
	v, err := spidergame.ParseView(raw)
	if err != nil || m.Game() != match.GameSpider || v.Stock != 50 || len(v.Columns) != 10 {
		t.Fatalf("start view %s (%v), want Spider's with a stock of 50", raw, err)
	}
	snap := match.Snapshot{Race: r, Logs: map[string][]match.Entry{}}
	at := t0
	step := func(racer, action string) match.Prepared {
		at = at.Add(time.Second)
		p := play(t, m, racer, action, at)
		snap.Logs[racer] = append(snap.Logs[racer], match.Entry{Seq: p.Seq, Action: action, At: at})
		return p
	}
	for _, mv := range line[:2] {
		step("b", mv)
	}
	maxCompleted := 0
	var last match.Prepared
	for i, mv := range line {
		last = step("a", mv)
		p, _ := m.Progress("a")
		if p.Counts.Get("completed") < maxCompleted || p.Foundation != 13*p.Counts.Get("completed") || p.TurnedUp < 0 || p.TurnedUp > 44 {
			t.Fatalf("after move %d: progress %+v", i+1, p)
		}
		maxCompleted = p.Counts.Get("completed")
		if i < len(line)-1 && last.Win {
			t.Fatalf("move %d of %d wins", i+1, len(line))
		}
	}
	if !last.Win || last.Status != match.StatusWon {
		t.Fatalf("last move: %+v, want a win", last)
	}
	p, _ := m.Progress("a")
	if p.Counts.Get("completed") != 8 || p.Foundation != 104 || p.TurnedUp != 44 || p.Status != match.StatusWon {
		t.Errorf("winner's progress %+v, want 8 runs, 104 off, 44 turned up", p)
	}
	snap.Winner = "a"
	res, over, err := match.Rank(snap, at, match.Options{Games: games.All})
	if err != nil || !over {
		t.Fatalf("Rank: %v, over %v", err, over)
	}
	if res.Reason != match.EndWin || res.Standings[0].Player != "a" || res.Standings[0].Foundation != 104 || res.Standings[0].Counts.Get("completed") != 8 {
		t.Errorf("result %+v, want a first with 104 cards off and 8 runs", res)
	}
	if res.Standings[1].Player != "b" || res.Standings[1].Place != 2 || res.Standings[2].Player != "c" || res.Standings[2].Place != 2 {
		t.Errorf("standings %+v, want b and c sharing second (no run each)", res.Standings)
	}
}

// TestSpiderRankByRuns: at the time limit, more completed runs ranks
// first; equal runs rank by who completed them first.
func TestSpiderRankByRuns(t *testing.T) {
	r, line := spiderRace(t, "a", "b", "c")
	m, _ := match.New(r, match.Options{Games: games.All})
	// The line's prefix up to its first completed run.
	first := 0
	for i, mv := range line {
		play(t, m, "a", mv, t0)
		if p, _ := m.Progress("a"); p.Counts.Get("completed") == 1 {
			first = i + 1
			break
		}
	}
	if first == 0 {
		t.Fatal("the line completes no run")
	}
	snap := match.Snapshot{Race: r, Logs: map[string][]match.Entry{}}
	for i, mv := range line[:first] {
		snap.Logs["a"] = append(snap.Logs["a"], match.Entry{Seq: uint64(i + 1), Action: mv, At: t0.Add(2 * time.Second)})
		snap.Logs["b"] = append(snap.Logs["b"], match.Entry{Seq: uint64(i + 1), Action: mv, At: t0.Add(time.Second)})
	}
	res, over, err := match.Rank(snap, t0.Add(2*time.Minute), match.Options{Games: games.All})
	if err != nil || !over || res.Reason != match.EndTimeLimit {
		t.Fatalf("Rank: %+v, %v, %v; want the time limit", res, over, err)
	}
	want := []struct {
		player          string
		place, off, run int
	}{{"b", 1, 13, 1}, {"a", 2, 13, 1}, {"c", 3, 0, 0}}
	for i, w := range want {
		s := res.Standings[i]
		if s.Player != w.player || s.Place != w.place || s.Foundation != w.off || s.Counts.Get("completed") != w.run {
			t.Errorf("standing %d: %+v, want %s place %d with %d off, %d runs", i, s, w.player, w.place, w.off, w.run)
		}
	}
}

// TestSpiderRebuild: a node that dies loses nothing: another rebuilds
// every Spider board from seed and log, views and all.
func TestSpiderRebuild(t *testing.T) {
	r, line := spiderRace(t, "a", "b")
	m, _ := match.New(r, match.Options{Games: games.All})
	snap := match.Snapshot{Race: r, Logs: map[string][]match.Entry{}}
	for i, mv := range line[:len(line)/2] {
		at := t0.Add(time.Duration(i) * time.Second)
		play(t, m, "a", mv, at)
		snap.Logs["a"] = append(snap.Logs["a"], match.Entry{Seq: uint64(i + 1), Action: mv, At: at})
	}
	rebuilt, err := match.Rebuild(snap, match.Options{Games: games.All})
	if err != nil {
		t.Fatal(err)
	}
	for _, racer := range []string{"a", "b"} {
		got, _ := rebuilt.Progress(racer)
		want, _ := m.Progress(racer)
		if got != want {
			t.Errorf("%s: rebuilt progress %+v, want %+v", racer, got, want)
		}
		gp, _ := rebuilt.Board(racer)
		wp, _ := m.Board(racer)
		if !samePosition(gp, wp) {
			t.Errorf("%s: rebuilt position differs", racer)
		}
	}
	if d := rebuilt.Deal(); d.Game() != match.GameSpider || d.String() != spider.NewDeal(r.Seed, 1).String() {
		t.Errorf("deal %v, want spider-1's of seed %d", rebuilt.Deal(), r.Seed)
	}
}

// TestSpiderBoardsAreSnapshots: a board taken from a Spider race does
// not change when the race's board moves on (spectators keep old ones).
func TestSpiderBoardsAreSnapshots(t *testing.T) {
	r, line := spiderRace(t, "a")
	m, _ := match.New(r, match.Options{Games: games.All})
	before, _ := m.Board("a")
	for _, mv := range line[:5] {
		play(t, m, "a", mv, t0)
	}
	if n := before.Counts().Actions; n != 0 {
		t.Errorf("an old board moved: %d actions, want 0", n)
	}
	now, _ := m.Board("a")
	if n := now.Counts().Actions; n != 5 {
		t.Errorf("board at %d actions, want 5", n)
	}
}

func TestDealText(t *testing.T) {
	for _, profile := range []string{"bvs", "spider-2"} {
		v, err := games.Lookup(profile)
		if err != nil {
			t.Fatal(err)
		}
		d := match.DealOf(v, 7)
		b, err := d.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		if back, err := v.Game().ParseDeal(string(b)); err != nil || back != d.String() || d.Game() != match.Game(v.Game().Name()) {
			t.Errorf("%s: round trip gave %v, %v", profile, back, err)
		}
	}
}
