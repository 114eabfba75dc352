package archive_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/archive/archivetest"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/rating"
	"github.com/solitaire-race/racer/match/replay"
	"github.com/solitaire-race/racer/match/replay/replaytest"
)

// fairPlayArchives runs test on an SQLite archive and, without -short,
// a PostgreSQL one.
func fairPlayArchives(t *testing.T, test func(t *testing.T, a *archive.SQL)) {
	t.Run("sqlite", func(t *testing.T) {
		a, err := archive.Open(t.Context(), archivetest.SQLiteFile(t), games.All)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = a.Close() })
		test(t, a)
	})
	t.Run("postgres", func(t *testing.T) {
		if testing.Short() {
			t.Skip("-short: PostgreSQL")
		}
		a, err := archive.Open(t.Context(), archivetest.PostgresURL(t), games.All)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = a.Close() })
		test(t, a)
	})
}

// ratedRace is one rated race of two of ann, bob and cat as the server
// records it: rated on the live boards (rec), archived with its changes.
type ratedRace struct{ winner, loser string }

// TestAnnulRebuildsWithoutTheAnnulledRaces: Cat's rated races are
// annulled; the ratings history of the profile is rated again without
// them (as a server that never saw them would have rated it), and the
// live boards, memory or Redis, are reset and rebuilt from it: Cat is on
// no board, Ann and Bob keep only their race against each other.
func TestAnnulRebuildsWithoutTheAnnulledRaces(t *testing.T) {
	t.Parallel()
	fairPlayArchives(t, func(t *testing.T, a *archive.SQL) {
		ctx := t.Context()
		ann, bob, cat := "00000000000000a1", "00000000000000b1", "00000000000000c1"
		names := map[string]string{ann: "Ann", bob: "Bob", cat: "Cat"}
		races := []ratedRace{{cat, ann}, {ann, bob}, {cat, bob}, {bob, ann}, {cat, ann}, {ann, bob}}
		start := time.Now().UTC().Truncate(time.Hour).Add(-time.Hour)
		record := func(t *testing.T, boards leaderboard.Store, only func(ratedRace) bool) {
			t.Helper()
			rec, err := leaderboard.NewRecorder(leaderboard.RecorderConfig{Store: boards})
			if err != nil {
				t.Fatal(err)
			}
			for i, r := range races {
				if only != nil && !only(r) {
					continue
				}
				rp := replaytest.Sample()
				rp.Race = fmt.Sprintf("annul-%s-%d", a.Dialect(), i)
				rp.Result.Race, rp.Result.FinishedAt = rp.Race, start.Add(time.Duration(i)*time.Minute)
				rp.Racers = []match.Racer{{ID: r.winner, Name: names[r.winner]}, {ID: r.loser, Name: names[r.loser]}}
				rp.Result.Standings = []match.Standing{
					{Place: 1, Player: r.winner, Name: names[r.winner], Status: match.StatusWon, Foundation: 52},
					{Place: 2, Player: r.loser, Name: names[r.loser], Status: match.StatusStuck, Foundation: 9},
				}
				rp.Actions = nil
				changes, applied, err := rec.RecordChanges(ctx, match.Race{ID: rp.Race, Profile: rp.Profile, Racers: rp.Racers}, rp.Result, true)
				if err != nil || !applied {
					t.Fatalf("race %d: got %v, %v, want it applied", i, applied, err)
				}
				if only != nil {
					continue // the reference boards: nothing archived
				}
				if _, err := a.Save(ctx, rp); err != nil {
					t.Fatal(err)
				}
				if err := a.SaveRatings(ctx, changes); err != nil {
					t.Fatal(err)
				}
			}
		}
		// What a server that never rated Cat's races would show.
		want := leaderboard.NewMemoryStore()
		record(t, want, func(r ratedRace) bool { return r.winner != cat && r.loser != cat })
		wantR, err := want.Ratings(ctx, "bvs", ann, bob)
		if err != nil {
			t.Fatal(err)
		}

		for _, kind := range []string{"memory", "redis"} {
			t.Run(kind, func(t *testing.T) {
				var live leaderboard.Store = leaderboard.NewMemoryStore()
				if kind == "redis" {
					rs, err := leaderboard.NewRedisStore(leaderboard.RedisConfig{Client: redistest.Client(t), Prefix: archivetestPrefix() + "lb:"})
					if err != nil {
						t.Fatal(err)
					}
					live = rs
				}
				// The races as the server rated them, archived with their
				// changes (the second time, Cat's changes come back to
				// the history the first annulment rewrote).
				record(t, live, nil)
				if rs, _ := live.Ratings(ctx, "bvs", cat); len(rs) != 1 {
					t.Fatalf("got Cat's ratings %v before the annulment, want one", rs)
				}
				got, err := a.Annul(ctx, archive.Annulment{Player: cat, Moderator: ann, Note: "second seat", At: start.Add(time.Hour)}, rating.Config{}, live)
				if err != nil {
					t.Fatal(err)
				}
				if got.Races != 3 || !slices.Equal(got.Profiles, []string{"bvs"}) || got.Rebuilt.Races != 3 {
					t.Errorf("got %+v, want 3 races left out of bvs and 3 rebuilt", got)
				}
				have, err := live.Ratings(ctx, "bvs", ann, bob, cat)
				if err != nil {
					t.Fatal(err)
				}
				if _, ok := have[cat]; ok {
					t.Errorf("Cat still has a rating: %+v", have[cat])
				}
				for _, p := range []string{ann, bob} {
					w, h := wantR[p], have[p]
					if h.Rating != w.Rating || h.Deviation != w.Deviation || h.Games != w.Games {
						t.Errorf("%s: got %+v, want %+v", names[p], h, w)
					}
				}
				for _, b := range []leaderboard.Board{
					{Profile: "bvs", Kind: leaderboard.KindRating, Period: leaderboard.All},
					{Profile: "bvs", Kind: leaderboard.KindWins, Period: leaderboard.All},
					{Profile: "bvs", Kind: leaderboard.KindWins, Period: leaderboard.Day, At: start},
				} {
					w, _ := want.Top(ctx, b, 10)
					h, err := live.Top(ctx, b, 10)
					if err != nil || len(h) != len(w) {
						t.Fatalf("%s %s: got %+v, %v, want %+v", b.Kind, b.Period, h, err, w)
					}
					for i := range w {
						if h[i].Player != w[i].Player || h[i].Score != w[i].Score {
							t.Errorf("%s %s entry %d: got %+v, want %+v", b.Kind, b.Period, i, h[i], w[i])
						}
					}
				}
				hist, err := a.RatingHistory(ctx, ann, "bvs", archive.MaxHistory)
				if err != nil || len(hist) != 3 || hist[2].After.Rating != wantR[ann].Rating {
					t.Errorf("got Ann's history of %d changes, %v, want 3 ending at %v", len(hist), err, wantR[ann].Rating)
				}
				if hist, _ := a.RatingHistory(ctx, cat, "bvs", archive.MaxHistory); len(hist) != 0 {
					t.Errorf("got Cat's history %+v, want none", hist)
				}
				// The leaderboard page's recent races show the annulled races unrated.
				rs, err := a.PlayerRaces(ctx, cat, archive.Page{})
				if err != nil || len(rs) != 3 || rs[0].Rated {
					t.Errorf("got Cat's races %+v, %v, want 3 unrated", rs, err)
				}
				if ok, err := a.IsAnnulled(ctx, cat); err != nil || !ok {
					t.Errorf("got IsAnnulled %v, %v, want true", ok, err)
				}
			})
		}
		xs, err := a.Annulments(ctx, archive.Page{})
		if err != nil || len(xs) != 1 || xs[0].Player != cat || xs[0].Moderator != ann || xs[0].Note != "second seat" {
			t.Errorf("got annulments %+v, %v, want Cat's by Ann", xs, err)
		}
	})
}

// TestAnnulTakesThePlayerOffTheDailyBoards: Cat and Ann won the daily
// challenge today and ten days ago; the annulment of Cat takes her off
// both days' boards, memory or Redis, and Ann stays; a later Rebuild
// into empty boards puts Ann's wins back and not Cat's.
func TestAnnulTakesThePlayerOffTheDailyBoards(t *testing.T) {
	t.Parallel()
	fairPlayArchives(t, func(t *testing.T, a *archive.SQL) {
		ctx := t.Context()
		ann, cat := "00000000000000a1", "00000000000000c1"
		names := map[string]string{ann: "Ann", cat: "Cat"}
		today := time.Now().UTC()
		days := []time.Time{today, today.AddDate(0, 0, -10)}
		var wins []leaderboard.Daily
		for i, at := range days {
			for j, p := range []string{cat, ann} {
				rp := replaytest.Sample()
				rp.Race = fmt.Sprintf("daily-bvs-%s-%016x", leaderboard.DayOf(at), i*2+j)
				rp.Result.Race, rp.Result.FinishedAt = rp.Race, at
				rp.Racers = []match.Racer{{ID: p, Name: names[p], Account: true}}
				rp.Result.Standings = []match.Standing{{Place: 1, Player: p, Name: names[p], Status: match.StatusWon, Foundation: 52,
					ReachedAt: rp.StartAt.Add(time.Duration(60+j) * time.Second), Actions: 100}}
				rp.Actions = nil
				if _, err := a.Save(ctx, rp); err != nil {
					t.Fatal(err)
				}
				wins = append(wins, leaderboard.Daily{Profile: "bvs", Day: leaderboard.DayOf(at), Player: p, Name: names[p],
					Time: time.Duration(60+j) * time.Second, Actions: 100})
			}
		}
		newBoards := map[string]func(t *testing.T) leaderboard.Store{
			"memory": func(*testing.T) leaderboard.Store { return leaderboard.NewMemoryStore() },
			"redis": func(t *testing.T) leaderboard.Store {
				rs, err := leaderboard.NewRedisStore(leaderboard.RedisConfig{Client: redistest.Client(t), Prefix: archivetestPrefix() + "lb:"})
				if err != nil {
					t.Fatal(err)
				}
				return rs
			},
		}
		onBoards := func(t *testing.T, boards leaderboard.Store) string {
			t.Helper()
			var out []string
			for _, at := range days {
				es, err := boards.Top(ctx, leaderboard.Board{Profile: "bvs", Kind: leaderboard.KindDaily, Period: leaderboard.Day, At: at}, 10)
				if err != nil {
					t.Fatal(err)
				}
				var ns []string
				for _, e := range es {
					ns = append(ns, e.Name)
				}
				out = append(out, fmt.Sprint(ns))
			}
			return fmt.Sprint(out)
		}
		for _, kind := range []string{"memory", "redis"} {
			t.Run(kind, func(t *testing.T) {
				live := newBoards[kind](t)
				for _, d := range wins {
					if ok, err := live.RecordDaily(ctx, d); err != nil || !ok {
						t.Fatalf("RecordDaily %+v: %v, %v", d, ok, err)
					}
				}
				if got := onBoards(t, live); got != "[[Cat Ann] [Cat Ann]]" {
					t.Fatalf("got daily boards %s before the annulment, want Cat and Ann on both", got)
				}
				got, err := a.Annul(ctx, archive.Annulment{Player: cat, Moderator: ann, Note: "engine", At: today}, rating.Config{}, live)
				if err != nil {
					t.Fatal(err)
				}
				if got.Daily != 2 {
					t.Errorf("got Cat taken off %d daily boards, want 2", got.Daily)
				}
				if got := onBoards(t, live); got != "[[Ann] [Ann]]" {
					t.Errorf("got daily boards %s after the annulment, want Ann alone on both", got)
				}
				empty := newBoards[kind](t)
				if _, err := a.Rebuild(ctx, empty); err != nil {
					t.Fatal(err)
				}
				if got := onBoards(t, empty); got != "[[Ann] [Ann]]" {
					t.Errorf("got daily boards %s rebuilt from the archive, want Ann alone on both", got)
				}
			})
		}
	})
}

// noReset is boards that cannot forget a profile.
type noReset struct{ leaderboard.Store }

// TestAnnulNeedsResettableBoards: boards without ResetProfile refuse the
// annulment before anything is written.
func TestAnnulNeedsResettableBoards(t *testing.T) {
	t.Parallel()
	a := openSQLite(t)
	_, err := a.Annul(t.Context(), archive.Annulment{Player: "00000000000000c1"}, rating.Config{}, noReset{leaderboard.NewMemoryStore()})
	if !errors.Is(err, archive.ErrNoResetter) {
		t.Fatalf("got %v, want ErrNoResetter", err)
	}
	if ok, _ := a.IsAnnulled(t.Context(), "00000000000000c1"); ok {
		t.Error("the player was marked all the same")
	}
}

// storedSignals computes signals for the tests of where they are kept:
// its view-only bot is the Relaxed one, which imagines no deals, as the
// view comparison itself is TestFairPlayBeyondView's.
// Under -short it asks the solver at four positions a racer, not 24:
// what is kept does not depend on how many (TestFairPlaySignals samples
// them all).
func storedSignals() archive.SignalsConfig {
	cfg := archive.SignalsConfig{Games: games.All, Budget: time.Minute, ViewBot: "relaxed"}
	if testing.Short() {
		cfg.MaxSamples = 4
	}
	return cfg
}

// TestFairPlaySignalsStored: signals are written once per race and
// player (a second write replaces), listed by race, player and flag;
// reports are kept once per reporter and race, with a known reason, of
// an archived race.
func TestFairPlaySignalsStored(t *testing.T) {
	t.Parallel()
	fairPlayArchives(t, func(t *testing.T, a *archive.SQL) {
		ctx := t.Context()
		rp := fairPlayRace(t)
		rp.Race = "fairplay-" + a.Dialect()
		rp.Result.Race = rp.Race
		if _, err := a.Save(ctx, rp); err != nil {
			t.Fatal(err)
		}
		ss, err := archive.ComputeSignals(ctx, rp, storedSignals())
		if err != nil {
			t.Fatal(err)
		}
		// Counts of the view-only comparison that this line need not
		// give: the columns keep what they are given.
		ss[0].Divergent, ss[0].BeyondView = 9, 8
		for range 2 {
			if err := a.SaveSignals(ctx, ss); err != nil {
				t.Fatal(err)
			}
		}
		got, err := a.RaceSignals(ctx, rp.Race)
		if err != nil || len(got) != 2 {
			t.Fatalf("got %d signals, %v, want 2", len(got), err)
		}
		for i := range got {
			g, w := got[i], ss[i]
			if g.Player != w.Player || g.MedianMs != w.MedianMs || g.QuickRun != w.QuickRun || g.Agreement != w.Agreement ||
				g.Divergent != w.Divergent || g.BeyondView != w.BeyondView ||
				!slices.Equal(g.Flags, w.Flags) || g.Partner != w.Partner || !g.FinishedAt.Equal(w.FinishedAt.Truncate(time.Millisecond)) {
				t.Errorf("got %+v, want %+v", g, w)
			}
		}
		flagged, err := a.FlaggedSignals(ctx, archive.Page{})
		if err != nil || len(flagged) != 2 {
			t.Errorf("got %d flagged, %v, want both racers", len(flagged), err)
		}
		fast := rp.Racers[0].ID
		if mine, err := a.PlayerSignals(ctx, fast, archive.Page{}); err != nil || len(mine) != 1 || mine[0].Race != rp.Race {
			t.Errorf("got %+v, %v, want the fast racer's race", mine, err)
		}

		// An account erased: its name leaves the signals with its races'.
		if err := a.RenamePlayer(ctx, fast, "Deleted f100"); err != nil {
			t.Fatal(err)
		}
		if mine, err := a.PlayerSignals(ctx, fast, archive.Page{}); err != nil || len(mine) != 1 || mine[0].Name != "Deleted f100" {
			t.Errorf("got %+v, %v after the erasure, want the anonymous name", mine, err)
		}

		reporter := "00000000000000d1"
		r, err := a.SaveReport(ctx, archive.Report{Race: rp.Race, Reporter: reporter, Reason: "second_seat"}, time.Now())
		if err != nil || r.ID == 0 {
			t.Fatalf("got %+v, %v, want the report kept", r, err)
		}
		if _, err := a.SaveReport(ctx, archive.Report{Race: rp.Race, Reporter: reporter, Reason: "engine"}, time.Now()); !errors.Is(err, archive.ErrReported) {
			t.Errorf("got %v reporting again, want ErrReported", err)
		}
		if _, err := a.SaveReport(ctx, archive.Report{Race: rp.Race, Reporter: "00000000000000d2", Reason: "spite"}, time.Now()); !errors.Is(err, archive.ErrReason) {
			t.Errorf("got %v for an unknown reason, want ErrReason", err)
		}
		if _, err := a.SaveReport(ctx, archive.Report{Race: "no-such-race", Reporter: reporter, Reason: "other"}, time.Now()); !errors.Is(err, archive.ErrNotFound) {
			t.Errorf("got %v reporting a race not archived, want ErrNotFound", err)
		}
		reps, err := a.Reports(ctx, archive.Page{})
		if err != nil || len(reps) != 1 || reps[0].Reason != "second_seat" || reps[0].Reporter != reporter {
			t.Errorf("got reports %+v, %v, want the one", reps, err)
		}
		players, err := a.FlaggedPlayers(ctx, archive.Page{})
		if err != nil || len(players) != 2 || players[0].Races != 1 || players[0].Reports != 1 || players[0].Name == "" {
			t.Errorf("got flagged players %+v, %v, want both racers with one flagged race and one report each", players, err)
		}
	})
}

// TestFairPlaySignalsWorker: the worker finds the archived races without
// signals, computes theirs once, and leaves races older than its window.
func TestFairPlaySignalsWorker(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	a := openSQLite(t)
	rp := fairPlayRace(t)
	old := replaytest.Sample()
	old.Result.FinishedAt = rp.Result.FinishedAt.Add(-30 * 24 * time.Hour)
	for _, x := range []replay.Replay{rp, old} {
		if _, err := a.Save(ctx, x); err != nil {
			t.Fatal(err)
		}
	}
	now := rp.Result.FinishedAt.Add(time.Minute)
	reg := prometheus.NewRegistry()
	w, err := archive.NewSignalsWorker(archive.SignalsWorkerConfig{Archive: a, Signals: storedSignals(),
		Now: func() time.Time { return now }, Registerer: reg})
	if err != nil {
		t.Fatal(err)
	}
	if n, err := w.Step(ctx); err != nil || n != 1 {
		t.Fatalf("got %d races, %v, want the recent one", n, err)
	}
	ss, err := a.RaceSignals(ctx, rp.Race)
	if err != nil || len(ss) != 2 || !ss[0].Flagged() || !ss[1].Flagged() {
		t.Fatalf("got %+v, %v, want both racers flagged", ss, err)
	}
	if n, err := w.Step(ctx); err != nil || n != 0 {
		t.Errorf("got %d races, %v on the second step, want none", n, err)
	}
	if ss, _ := a.RaceSignals(ctx, old.Race); len(ss) != 0 {
		t.Errorf("the race older than the window got signals: %+v", ss)
	}
	// Caught up, a step looks at the last minutes: a race archived late
	// waits for the hourly look at the whole window.
	late := replaytest.Sample()
	late.Result.FinishedAt = now.Add(-time.Hour)
	if _, err := a.Save(ctx, late); err != nil {
		t.Fatal(err)
	}
	now = now.Add(time.Minute)
	if n, err := w.Step(ctx); err != nil || n != 0 {
		t.Errorf("got %d races, %v, want none of an hour ago yet", n, err)
	}
	now = now.Add(time.Hour)
	if n, err := w.Step(ctx); err != nil || n != 1 {
		t.Errorf("got %d races, %v an hour later, want the late race", n, err)
	}
	if ss, _ := a.RaceSignals(ctx, late.Race); len(ss) != 2 {
		t.Errorf("got the late race's signals %+v, want both racers'", ss)
	}
	for name, want := range map[string]float64{"racer_fairplay_races_total": 2, "racer_fairplay_flagged_total": 2, "racer_fairplay_failures_total": 0} {
		if got := plainCounter(t, reg, name); got != want {
			t.Errorf("%s: got %v, want %v", name, got, want)
		}
	}
}

// plainCounter returns the value of the counter name, which has no
// labels, in reg.
func plainCounter(t *testing.T, reg *prometheus.Registry, name string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() == name && len(mf.GetMetric()) == 1 {
			return mf.GetMetric()[0].GetCounter().GetValue()
		}
	}
	t.Fatalf("no %s", name)
	return 0
}
