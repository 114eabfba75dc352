package match_test

import (
	"errors"
	"testing"
	"time"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/fair"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/matchtest"
)

var t0 = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

func newRace(t *testing.T, seed uint64, racers ...string) match.Race {
	t.Helper()
	r := match.Race{ID: "r", Profile: "bvs", Seed: seed, StartAt: t0, TimeLimit: time.Minute}
	for _, id := range racers {
		r.Racers = append(r.Racers, match.Racer{ID: id, Name: id})
	}
	return r
}

// play prepares and commits action as racer's next entry at time at.
func play(t *testing.T, m *match.Match, racer, action string, at time.Time) match.Prepared {
	t.Helper()
	p, err := m.Prepare(racer, m.Seq(racer)+1, action)
	if err != nil {
		t.Fatalf("Prepare %s %s: %v", racer, action, err)
	}
	if !m.Commit(p, at) {
		t.Fatalf("Commit %s %s: not applied", racer, action)
	}
	return p
}

func TestPrepareErrors(t *testing.T) {
	m, err := match.New(newRace(t, 9, "a", "b"), match.Options{Games: games.All})
	if err != nil {
		t.Fatal(err)
	}
	play(t, m, "a", "D", t0)
	tests := []struct {
		name   string
		racer  string
		seq    uint64
		action string
		want   error
	}{
		{"stranger", "x", 1, "D", match.ErrNotRacer},
		{"duplicate", "a", 1, "D", match.ErrDuplicate},
		{"skip ahead", "a", 3, "D", match.ErrSequence},
		{"bad notation", "a", 2, "draw", match.ErrBadAction},
		{"illegal", "a", 2, "FH-3", klondike.ErrIllegalMove},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := m.Prepare(tc.racer, tc.seq, tc.action)
			if !errors.Is(err, tc.want) {
				t.Errorf("got %v, want %v", err, tc.want)
			}
		})
	}
	if got := m.Seq("a"); got != 1 {
		t.Errorf("Seq(a) = %d after refused actions, want 1", got)
	}
	play(t, m, "b", match.ActionResign, t0)
	if _, err := m.Prepare("b", 2, "D"); !errors.Is(err, match.ErrRacerDone) {
		t.Errorf("move after resign: got %v, want ErrRacerDone", err)
	}
}

func TestCommitOnce(t *testing.T) {
	m, _ := match.New(newRace(t, 9, "a"), match.Options{Games: games.All})
	p, err := m.Prepare("a", 1, "D")
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := m.Advance("a", 1, "D", t0); !ok || err != nil {
		t.Fatalf("Advance: %v %v", ok, err)
	}
	if m.Commit(p, t0) {
		t.Errorf("Commit after Advance of the same entry applied it again")
	}
	if ok, _ := m.Advance("a", 1, "D", t0); ok {
		t.Errorf("Advance twice applied twice")
	}
	if _, err := m.Advance("a", 3, "D", t0); !errors.Is(err, match.ErrSequence) {
		t.Errorf("Advance with gap: got %v, want ErrSequence", err)
	}
	pr, _ := m.Progress("a")
	if pr.Actions != 1 || pr.Seq != 1 {
		t.Errorf("progress %+v, want 1 action, seq 1", pr)
	}
}

func TestWinAndRank(t *testing.T) {
	seed, line := matchtest.Winnable(games.All, "bvs")
	race := newRace(t, seed, "a", "b", "c")
	m, _ := match.New(race, match.Options{Games: games.All})
	snap := match.Snapshot{Race: race, Logs: map[string][]match.Entry{}}
	at := t0
	add := func(racer, action string) match.Prepared {
		at = at.Add(time.Second)
		p := play(t, m, racer, action, at)
		snap.Logs[racer] = append(snap.Logs[racer], match.Entry{Seq: p.Seq, Action: action, At: at})
		return p
	}
	// b plays the first 20 moves of the line, c the first 20 too but later:
	// they tie on cards, b reached the count first.
	for _, mv := range line[:20] {
		add("b", mv.String())
	}
	for _, mv := range line[:20] {
		add("c", mv.String())
	}
	var last match.Prepared
	for _, mv := range line {
		last = add("a", mv.String())
	}
	if !last.Win || last.Status != match.StatusWon {
		t.Fatalf("last move of the line: %+v, want Win", last)
	}
	if reason, over := m.Over(at); !over || reason != match.EndWin {
		t.Errorf("Over = %q %v, want win", reason, over)
	}
	// c moves after the win: it must not count.
	add("c", line[20].String())
	snap.Winner = "a"
	res, over, err := match.Rank(snap, at, match.Options{Games: games.All})
	if err != nil || !over {
		t.Fatalf("Rank: %v, over %v", err, over)
	}
	if res.Reason != match.EndWin || len(res.Standings) != 3 {
		t.Fatalf("result %+v", res)
	}
	want := []string{"a", "b", "c"}
	for i, s := range res.Standings {
		if s.Player != want[i] || s.Place != i+1 {
			t.Errorf("standing %d = %s place %d, want %s place %d", i, s.Player, s.Place, want[i], i+1)
		}
	}
	if res.Standings[0].Foundation != 52 || res.Standings[1].Foundation != res.Standings[2].Foundation {
		t.Errorf("foundations %d %d %d, want 52 and a tie", res.Standings[0].Foundation, res.Standings[1].Foundation, res.Standings[2].Foundation)
	}
}

func TestRankAllDoneAndTimeLimit(t *testing.T) {
	seed, line := matchtest.Winnable(games.All, "bvs")
	race := newRace(t, seed, "a", "b")
	snap := match.Snapshot{Race: race, Logs: map[string][]match.Entry{}}
	add := func(racer, action string, at time.Time) {
		l := snap.Logs[racer]
		snap.Logs[racer] = append(l, match.Entry{Seq: uint64(len(l) + 1), Action: action, At: at})
	}
	for i, mv := range line[:30] {
		add("a", mv.String(), t0.Add(time.Duration(i)*time.Second))
	}
	for i, mv := range line[:10] {
		add("b", mv.String(), t0.Add(time.Duration(i)*time.Second))
	}
	if _, over, _ := match.Rank(snap, t0.Add(30*time.Second), match.Options{Games: games.All}); over {
		t.Fatalf("over before the time limit with racers playing")
	}
	// Past the time limit; b's moves after the limit do not count.
	for i, mv := range line[10:40] {
		add("b", mv.String(), t0.Add(time.Minute+time.Duration(i+1)*time.Second))
	}
	res, over, err := match.Rank(snap, t0.Add(2*time.Minute), match.Options{Games: games.All})
	if err != nil || !over || res.Reason != match.EndTimeLimit {
		t.Fatalf("Rank at time limit: %+v %v %v", res, over, err)
	}
	if res.Standings[0].Player != "a" {
		t.Errorf("winner on cards %s, want a (b's late moves counted?) %+v", res.Standings[0].Player, res.Standings)
	}
	// Both resign: all done.
	snap.Race.TimeLimit = 0
	add("a", match.ActionResign, t0.Add(3*time.Minute))
	add("b", match.ActionResign, t0.Add(3*time.Minute))
	res, over, err = match.Rank(snap, t0.Add(3*time.Minute), match.Options{Games: games.All})
	if err != nil || !over || res.Reason != match.EndAllDone {
		t.Fatalf("Rank all resigned: %+v %v %v", res, over, err)
	}
	if res.Standings[0].Status != match.StatusResigned {
		t.Errorf("status %s, want resigned", res.Standings[0].Status)
	}
}

func TestRebuild(t *testing.T) {
	seed, line := matchtest.Winnable(games.All, "bvs")
	race := newRace(t, seed, "a", "b")
	snap := match.Snapshot{Race: race, Logs: map[string][]match.Entry{}}
	m, _ := match.New(race, match.Options{Games: games.All})
	for i, mv := range line[:50] {
		at := t0.Add(time.Duration(i) * time.Second)
		play(t, m, "a", mv.String(), at)
		snap.Logs["a"] = append(snap.Logs["a"], match.Entry{Seq: uint64(i + 1), Action: mv.String(), At: at})
	}
	r, err := match.Rebuild(snap, match.Options{Games: games.All})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := r.Progress("a")
	want, _ := m.Progress("a")
	if got != want {
		t.Errorf("rebuilt progress %+v, want %+v", got, want)
	}
	gs, _ := r.Board("a")
	ws, _ := m.Board("a")
	if !samePosition(gs, ws) {
		t.Errorf("rebuilt state differs")
	}
}

func TestDealRace(t *testing.T) {
	r := match.Race{Profile: "classic"}
	if err := match.DealRace(t.Context(), match.FixedDealer{Seed: 77}, &r); err != nil {
		t.Fatal(err)
	}
	if r.Seed != 77 || r.SolverChecked || len(r.Nonce) != fair.NonceSize {
		t.Errorf("race %+v", r)
	}
	if err := fair.Verify(r.Commitment, r.Reveal()); err != nil {
		t.Errorf("Verify: %v", err)
	}
}
