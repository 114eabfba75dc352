package match_test

import (
	"errors"
	"testing"
	"time"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/matchtest"
)

// TestFinishAcceptedWhilePlaying: "finish now" from a playing racer is
// accepted on every deal, whatever its face-down cards and whether or
// not a sequence of moves could still make progress: the answer is the
// same (resigned, the board as it was) and the racer's game is over.
func TestFinishAcceptedWhilePlaying(t *testing.T) {
	for _, profile := range []string{"bvs", "classic", "spider-1", "spider-4"} {
		for seed := uint64(1); seed <= 25; seed++ {
			r := newRace(t, seed, "a", "b")
			r.Profile = profile
			m, err := match.New(r, match.Options{Games: games.All})
			if err != nil {
				t.Fatal(err)
			}
			before, _ := m.Progress("a")
			p, err := m.Prepare("a", 1, match.ActionFinish)
			if err != nil || p.Status != match.StatusResigned || p.Win {
				t.Fatalf("%s seed %d: finish got %+v, %v; want status resigned, no error", profile, seed, p, err)
			}
			if !m.Commit(p, t0) {
				t.Fatalf("%s seed %d: finish not committed", profile, seed)
			}
			after, _ := m.Progress("a")
			if after.Foundation != before.Foundation || after.TurnedUp != before.TurnedUp || after.Actions != before.Actions {
				t.Errorf("%s seed %d: finish changed the board: %+v, want %+v", profile, seed, after, before)
			}
			if _, err := m.Prepare("a", 2, match.ActionFinish); !errors.Is(err, match.ErrRacerDone) {
				t.Errorf("%s seed %d: second finish got %v, want ErrRacerDone", profile, seed, err)
			}
		}
	}
}

// stuckAfterDraws finds a seed whose classic deal is stuck (exactly)
// after drawing n cards with no other move.
func stuckAfterDraws(t *testing.T) (uint64, int) {
	t.Helper()
	rules, _ := klondike.Profile("classic")
	for seed := uint64(1); seed < 2000; seed++ {
		s := klondike.MustNew(klondike.NewDeal(seed), rules)
		for n := 1; n <= 24; n++ {
			if err := s.Apply(klondike.DrawMove()); err != nil {
				break
			}
			if stuck, sure := s.StuckWithin(match.DefaultStuckBudget); stuck && sure {
				return seed, n
			}
		}
	}
	t.Fatal("no seed gets stuck by drawing alone")
	return 0, 0
}

// TestFinishRanksByCount: a racer who finished ranks as a stuck or
// resigned one does, by cards off the table and then by when that count
// was reached; the status plays no part.
func TestFinishRanksByCount(t *testing.T) {
	t.Run("by cards", func(t *testing.T) {
		seed, line := matchtest.Winnable(games.All, "bvs")
		snap := match.Snapshot{Race: newRace(t, seed, "a", "b", "c"), Logs: map[string][]match.Entry{}}
		at := t0
		add := func(racer, action string) {
			at = at.Add(100 * time.Millisecond)
			l := snap.Logs[racer]
			snap.Logs[racer] = append(l, match.Entry{Seq: uint64(len(l) + 1), Action: action, At: at})
		}
		for _, mv := range line[:25] {
			add("c", mv.String())
		}
		for _, mv := range line[:45] {
			add("b", mv.String())
		}
		add("b", match.ActionFinish)
		add("a", match.ActionFinish)
		if _, over, _ := match.Rank(snap, at, match.Options{Games: games.All}); over {
			t.Fatal("race over while c plays")
		}
		add("c", match.ActionResign)
		res, over, err := match.Rank(snap, at, match.Options{Games: games.All})
		if err != nil || !over || res.Reason != match.EndAllDone {
			t.Fatalf("Rank: %+v, over %v, %v; want all_done", res, over, err)
		}
		for i, want := range []string{"b", "c", "a"} {
			s := res.Standings[i]
			if s.Player != want || s.Place != i+1 || s.Status != match.StatusResigned {
				t.Errorf("standing %d: got %s place %d %s, want %s place %d resigned", i, s.Player, s.Place, s.Status, want, i+1)
			}
		}
		if b, c := res.Standings[0].Foundation, res.Standings[1].Foundation; b <= c || c == 0 {
			t.Errorf("foundations: got b %d, c %d; want b ahead of c, c above 0", b, c)
		}
	})
	t.Run("finished beside stuck", func(t *testing.T) {
		seed, n := stuckAfterDraws(t)
		r := newRace(t, seed, "a", "b")
		r.Profile = "classic"
		snap := match.Snapshot{Race: r, Logs: map[string][]match.Entry{}}
		for i := range n {
			snap.Logs["a"] = append(snap.Logs["a"], match.Entry{Seq: uint64(i + 1), Action: "D", At: t0.Add(time.Second)})
		}
		snap.Logs["b"] = []match.Entry{{Seq: 1, Action: match.ActionFinish, At: t0.Add(time.Second)}}
		res, over, err := match.Rank(snap, t0.Add(2*time.Second), match.Options{Games: games.All})
		if err != nil || !over {
			t.Fatalf("Rank: %+v, over %v, %v", res, over, err)
		}
		got := map[string]match.Standing{}
		for _, s := range res.Standings {
			got[s.Player] = s
		}
		if got["a"].Status != match.StatusStuck || got["b"].Status != match.StatusResigned {
			t.Errorf("statuses: got a %s, b %s; want stuck and resigned", got["a"].Status, got["b"].Status)
		}
		if got["a"].Place != 1 || got["b"].Place != 1 {
			t.Errorf("places: got a %d, b %d; want both 1 (no cards off the table)", got["a"].Place, got["b"].Place)
		}
	})
}
