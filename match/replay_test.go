package match_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/game/klondikegame"
	"github.com/solitaire-race/racer/match/game/spidergame"
)

// legalActions lists the moves legal in racer's position, in notation.
func legalActions(t *testing.T, m *match.Match, racer string) []string {
	t.Helper()
	pos, _ := m.Board(racer)
	var out []string
	switch b := pos.(type) {
	case *klondikegame.Board:
		s := b.State()
		for _, mv := range s.Moves(nil) {
			out = append(out, mv.String())
		}
	case *spidergame.Board:
		s := b.State()
		for _, mv := range s.Moves() {
			out = append(out, mv.String())
		}
	default:
		t.Fatalf("a board of type %T", pos)
	}
	return out
}

// TestReplayMatchesAdvance: a racer's log rebuilt with Replay (which
// skips the stuck search inside the log) gives, for every prefix, the
// progress and status that playing it move by move gave.
func TestReplayMatchesAdvance(t *testing.T) {
	seeds := uint64(12)
	if testing.Short() {
		seeds = 4 // most of these walks get stuck too
	}
	stuckSeen := 0
	for _, profile := range []string{"classic", "bvs", "spider-1"} {
		for seed := uint64(1); seed <= seeds; seed++ {
			r := match.Race{ID: "r", Profile: profile, Seed: seed, StartAt: t0,
				Racers: []match.Racer{{ID: "a", Name: "a"}}}
			m, err := match.New(r, match.Options{Games: games.All})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 7))
			var log []match.Entry
			var want []match.Progress
			for i := range 120 {
				moves := legalActions(t, m, "a")
				p, _ := m.Progress("a")
				if p.Status.Done() || len(moves) == 0 {
					break
				}
				at := t0.Add(time.Duration(i) * time.Second)
				action := moves[rng.IntN(len(moves))]
				play(t, m, "a", action, at)
				log = append(log, match.Entry{Seq: uint64(i + 1), Action: action, At: at})
				p, _ = m.Progress("a")
				want = append(want, p)
			}
			if p, _ := m.Progress("a"); p.Status == match.StatusStuck {
				stuckSeen++
				play(t, m, "a", match.ActionFinish, t0.Add(time.Hour))
				log = append(log, match.Entry{Seq: uint64(len(log) + 1), Action: match.ActionFinish, At: t0.Add(time.Hour)})
				p, _ = m.Progress("a")
				want = append(want, p)
			}
			for n := range log {
				// -short rebuilds every fifth prefix and the last two (a
				// finish and the entry before it); the full suite, all.
				if testing.Short() && n%5 != 0 && n < len(log)-2 {
					continue
				}
				snap := match.Snapshot{Race: r, Logs: map[string][]match.Entry{"a": log[:n+1]}}
				got, err := match.Rebuild(snap, match.Options{Games: games.All})
				if err != nil {
					t.Fatalf("%s seed %d: rebuilding %d entries: %v", profile, seed, n+1, err)
				}
				if p, _ := got.Progress("a"); p != want[n] {
					t.Fatalf("%s seed %d: after %d entries rebuilt %+v, played %+v", profile, seed, n+1, p, want[n])
				}
			}
		}
	}
	// The walks must reach the case that needs the check before a finish.
	if stuckSeen == 0 {
		t.Fatal("no random walk got stuck: the finish case went untested")
	}
}

// TestReplayStuckBeforeFinish: a log that ends in a finish needs the
// stuck search on the entry before it.
func TestReplayStuckBeforeFinish(t *testing.T) {
	rules, _ := klondike.Profile("classic")
	for seed := uint64(1); seed < 2000; seed++ {
		s := klondike.MustNew(klondike.NewDeal(seed), rules)
		var log []match.Entry
		for n := 1; n <= 24; n++ {
			if s.Apply(klondike.DrawMove()) != nil {
				break
			}
			log = append(log, match.Entry{Seq: uint64(n), Action: klondike.DrawMove().String(), At: t0})
			if stuck, sure := s.StuckWithin(match.DefaultStuckBudget); !stuck || !sure {
				continue
			}
			log = append(log, match.Entry{Seq: uint64(n + 1), Action: match.ActionFinish, At: t0})
			r := match.Race{ID: "r", Profile: "classic", Seed: seed, StartAt: t0, Racers: []match.Racer{{ID: "a", Name: "a"}}}
			m, err := match.Rebuild(match.Snapshot{Race: r, Logs: map[string][]match.Entry{"a": log}}, match.Options{Games: games.All})
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if p, _ := m.Progress("a"); p.Status != match.StatusStuck || p.Seq != uint64(n+1) {
				t.Fatalf("seed %d: progress %+v, want stuck at seq %d", seed, p, n+1)
			}
			return
		}
	}
	t.Fatal("no classic deal gets stuck by drawing alone")
}

// TestPlay: Play applies a stored move as the match does, keeps the
// board on resign and finish, and refuses an illegal or malformed move
// without changing the board.
func TestPlay(t *testing.T) {
	for _, profile := range []string{"bvs", "spider-1"} {
		r := match.Race{ID: "r", Profile: profile, Seed: 3, StartAt: t0, Racers: []match.Racer{{ID: "a", Name: "a"}}}
		m, err := match.New(r, match.Options{Games: games.All})
		if err != nil {
			t.Fatal(err)
		}
		pos, _ := m.Board("a")
		for i := range 5 {
			action := legalActions(t, m, "a")[0]
			play(t, m, "a", action, t0)
			if err := match.Play(pos, action); err != nil {
				t.Fatalf("%s: Play %s: %v", profile, action, err)
			}
			want, _ := m.Board("a")
			if !samePosition(pos, want) {
				t.Fatalf("%s: after Play %s (%d) the board differs from the match's", profile, action, i)
			}
		}
		before := pos.Clone()
		for _, action := range []string{match.ActionResign, match.ActionFinish} {
			if err := match.Play(pos, action); err != nil || !samePosition(pos, before) {
				t.Errorf("%s: Play %s: %v, board changed %v", profile, action, err, !samePosition(pos, before))
			}
		}
		for _, action := range []string{"", "nonsense", "7-1x13"} {
			if err := match.Play(pos, action); err == nil || !samePosition(pos, before) {
				t.Errorf("%s: Play %q: err %v, board changed %v; want an error and no change", profile, action, err, !samePosition(pos, before))
			}
		}
	}
}

// samePosition compares two boards' positions.
func samePosition(a, b game.Board) bool {
	switch a := a.(type) {
	case *klondikegame.Board:
		b, ok := b.(*klondikegame.Board)
		return ok && a.State() == b.State()
	case *spidergame.Board:
		b, ok := b.(*spidergame.Board)
		return ok && a.State() == b.State()
	}
	return false
}
