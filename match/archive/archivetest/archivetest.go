// Package archivetest is the shared test suite of archive.Archive, run
// against PostgreSQL and an SQLite file, and real races to archive.
package archivetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/rating"
	"github.com/solitaire-race/racer/match/replay"
	"github.com/solitaire-race/racer/match/replay/replaytest"
)

var counter atomic.Int64

// Suite runs the shared tests against archives made by open, one per
// subtest, of the races of games; the replay.Store suite runs on them
// too. Race and player IDs are unique per process and run, so archives
// may share a database.
func Suite(t *testing.T, games *game.Registry, open func(t *testing.T) archive.Archive) {
	t.Helper()
	t.Run("ReplayStore", func(t *testing.T) {
		replaytest.Suite(t, func(t *testing.T) replay.Store { return open(t) })
	})
	tests := []struct {
		name string
		fn   func(t *testing.T, a archive.Archive)
	}{
		{"RealRaces", func(t *testing.T, a archive.Archive) { testRealRaces(t, games, a) }},
		{"PlayerRaces", testPlayerRaces},
		{"PlayerRacesTiedAndPlayed", testPlayerRacesTied},
		{"DayRaces", testDayRaces},
		{"Cursor", testCursor},
		{"Ratings", testRatings},
		{"Arenas", testArenas},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, open(t)) })
	}
	analysisTests(t, games, open)
}

// testRealRaces archives a Klondike and a Spider race: the replay read
// back is the one saved, byte for byte in JSON.
func testRealRaces(t *testing.T, games *game.Registry, a archive.Archive) {
	for _, profile := range []string{"bvs", "spider-2"} {
		rp := PlayRace(t, games, UniqueID("real"), profile, 7, 70)
		if first, err := a.Save(t.Context(), rp); err != nil || !first {
			t.Fatalf("%s: got %v, %v, want a first save", profile, first, err)
		}
		got, err := a.Load(t.Context(), rp.Race)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(rp)
		gotJSON, _ := json.Marshal(got)
		if !bytes.Equal(gotJSON, want) {
			t.Errorf("%s: got JSON\n%s\nwant\n%s", profile, gotJSON, want)
		}
	}
}

// sampleAt is replaytest.Sample with its own players, ending at fin.
func sampleAt(players []string, fin time.Time) replay.Replay {
	rp := replaytest.Sample()
	rp.Racers = nil
	rp.Result.Standings = nil
	rp.Actions = map[string][]replay.Action{}
	for i, p := range players {
		rp.Racers = append(rp.Racers, match.Racer{ID: p, Name: p})
		rp.Result.Standings = append(rp.Result.Standings, match.Standing{Place: i + 1, Player: p, Name: p, Status: match.StatusResigned})
		rp.Actions[p] = []replay.Action{}
	}
	rp.Result.FinishedAt = fin
	return rp
}

func testPlayerRaces(t *testing.T, a archive.Archive) {
	ctx := t.Context()
	ann, bob := UniqueID("ann"), UniqueID("bob")
	base := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	var ids []string
	for i := range 5 {
		players := []string{ann, bob}
		if i%2 == 1 {
			players = []string{bob, ann}
		}
		rp := sampleAt(players, base.Add(time.Duration(i)*time.Minute))
		if _, err := a.Save(ctx, rp); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, rp.Race)
	}
	got, err := a.PlayerRaces(ctx, ann, archive.Page{Limit: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("got %d entries, want 3", len(got))
	}
	for i, e := range got {
		k := 4 - i
		wantPlace := 1 + k%2
		if e.Race != ids[k] || e.Place != wantPlace || e.Racers != 2 || e.Status != match.StatusResigned ||
			!e.FinishedAt.Equal(base.Add(time.Duration(k)*time.Minute)) {
			t.Errorf("entry %d: got %+v, want race %s, place %d, 2 racers, finished at +%dm", i, e, ids[k], wantPlace, k)
		}
	}
	rest, err := a.PlayerRaces(ctx, ann, archive.Page{Limit: 3, Offset: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(rest) != 2 || rest[0].Race != ids[1] || rest[1].Race != ids[0] {
		t.Errorf("got second page %+v, want races %s and %s", rest, ids[1], ids[0])
	}
	if none, err := a.PlayerRaces(ctx, UniqueID("nobody"), archive.Page{}); err != nil || len(none) != 0 {
		t.Errorf("got %v, %v for a player without races, want none", none, err)
	}
}

// testPlayerRacesTied: an entry says whether its player shared their
// place, and its time runs to the end of their game where the result
// holds it (else to their last action).
func testPlayerRacesTied(t *testing.T, a archive.Archive) {
	ctx := t.Context()
	ann, bob, cid := UniqueID("ann"), UniqueID("bob"), UniqueID("cid")
	rp := sampleAt([]string{ann, bob, cid}, time.Date(2026, 11, 30, 12, 10, 0, 0, time.UTC))
	played := 7*time.Minute + 29*time.Second
	st := rp.Result.Standings
	st[0].EndedAt = rp.StartAt.Add(played)
	st[1].Place = 1
	st[2].Place = 3
	rp.Actions[cid] = []replay.Action{{Seq: 1, Action: match.ActionResign, At: rp.StartAt.Add(time.Minute), Ms: 60000}}
	if _, err := a.Save(ctx, rp); err != nil {
		t.Fatal(err)
	}
	for _, w := range []struct {
		player string
		place  int
		tied   bool
		time   time.Duration
	}{{ann, 1, true, played}, {bob, 1, true, 0}, {cid, 3, false, time.Minute}} {
		es, err := a.PlayerRaces(ctx, w.player, archive.Page{})
		if err != nil {
			t.Fatal(err)
		}
		if len(es) != 1 || es[0].Place != w.place || es[0].Tied != w.tied || es[0].Time != w.time {
			t.Errorf("%s: got %+v, want place %d, tied %v, time %v", w.player, es, w.place, w.tied, w.time)
		}
	}
}

func testDayRaces(t *testing.T, a archive.Archive) {
	ctx := t.Context()
	profile := UniqueID("prof") // a profile of this test alone
	day := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
	var want []string
	for i, fin := range []time.Time{
		day.Add(-time.Millisecond), // the day before
		day,                        // the day's first instant
		day.Add(23*time.Hour + 59*time.Minute),
		day.Add(24 * time.Hour), // the next day
	} {
		rp := sampleAt([]string{UniqueID("p")}, fin)
		rp.Profile = profile
		if _, err := a.Save(ctx, rp); err != nil {
			t.Fatal(err)
		}
		if i == 1 || i == 2 {
			want = append([]string{rp.Race}, want...)
		}
	}
	// A time in another zone on the same UTC day picks the same day.
	got, err := a.DayRaces(ctx, profile, day.Add(13*time.Hour).In(time.FixedZone("X", 11*3600)), archive.Page{})
	if err != nil {
		t.Fatal(err)
	}
	var gotIDs []string
	for _, e := range got {
		gotIDs = append(gotIDs, e.Race)
		if e.Profile != profile || e.Racers != 1 || e.Place != 0 {
			t.Errorf("got entry %+v, want profile %s, 1 racer, no place", e, profile)
		}
	}
	if len(gotIDs) != 2 || gotIDs[0] != want[0] || gotIDs[1] != want[1] {
		t.Errorf("got races %v, want %v (latest first)", gotIDs, want)
	}
}

// ConcurrentOpens opens n archives at once with open (nodes starting
// together) and checks every open succeeds.
func ConcurrentOpens(t *testing.T, n int, open func() (archive.Archive, error)) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make([]error, n)
	as := make([]archive.Archive, n)
	for i := range n {
		wg.Go(func() { as[i], errs[i] = open() })
	}
	wg.Wait()
	for i, a := range as {
		if errs[i] == nil { // a failed open may return a typed nil
			_ = a.Close()
		}
	}
	if err := errors.Join(errs...); err != nil {
		t.Errorf("got %v opening %d archives at once, want none", err, n)
	}
}

// testCursor pages a player's races and a day's races by cursor: every
// race once, most recent first, races that end in one millisecond too.
func testCursor(t *testing.T, a archive.Archive) {
	ctx := t.Context()
	ann, profile := UniqueID("ann"), UniqueID("prof")
	fin := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
	want := map[string]bool{}
	for i := range 7 {
		rp := sampleAt([]string{ann}, fin.Add(time.Duration(i/3)*time.Second)) // three per instant
		rp.Profile = profile
		if _, err := a.Save(ctx, rp); err != nil {
			t.Fatal(err)
		}
		want[rp.Race] = true
	}
	for name, list := range map[string]func(archive.Page) ([]archive.Entry, error){
		"player": func(p archive.Page) ([]archive.Entry, error) { return a.PlayerRaces(ctx, ann, p) },
		"day":    func(p archive.Page) ([]archive.Entry, error) { return a.DayRaces(ctx, profile, fin, p) },
	} {
		seen := map[string]bool{}
		var prev archive.Entry
		page := archive.Page{Limit: 2}
		for range 10 {
			es, err := list(page)
			if err != nil {
				t.Fatal(err)
			}
			if len(es) == 0 {
				break
			}
			for _, e := range es {
				if seen[e.Race] || !want[e.Race] {
					t.Errorf("%s: got race %s again or unknown", name, e.Race)
				}
				if prev.Race != "" && (e.FinishedAt.After(prev.FinishedAt) || e.FinishedAt.Equal(prev.FinishedAt) && e.Race > prev.Race) {
					t.Errorf("%s: got %s after %s, want most recent first", name, e.Race, prev.Race)
				}
				seen[e.Race], prev = true, e
			}
			c, err := archive.ParseCursor(es[len(es)-1].Cursor().String())
			if err != nil || c != es[len(es)-1].Cursor() {
				t.Fatalf("%s: cursor round trip: got %+v, %v", name, c, err)
			}
			page.After = c
		}
		if len(seen) != len(want) {
			t.Errorf("%s: got %d races paging by cursor, want %d", name, len(seen), len(want))
		}
	}
}

// testRatings writes rating changes (twice: the second is skipped) and
// reads them back as history and beside the player's races.
func testRatings(t *testing.T, a archive.Archive) {
	ctx := t.Context()
	ann, bob := UniqueID("ann"), UniqueID("bob")
	base := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	var changes []rating.Change
	var races []string
	before := rating.Rating{Rating: 1500, Deviation: 500, Volatility: 0.09}
	for i := range 3 {
		rp := sampleAt([]string{ann, bob}, base.Add(time.Duration(i)*time.Hour))
		rp.Result.Standings[0].Name = "Ann " + string(rune('A'+i))
		if _, err := a.Save(ctx, rp); err != nil {
			t.Fatal(err)
		}
		races = append(races, rp.Race)
		after := rating.Rating{Rating: before.Rating + 100, Deviation: before.Deviation - 50, Volatility: 0.09, Games: i + 1}
		changes = append(changes, rating.Change{Player: ann, Profile: rp.Profile, Race: rp.Race, At: rp.Result.FinishedAt, Before: before, After: after})
		before = after
	}
	// The last race is not rated.
	for range 2 {
		if err := a.SaveRatings(ctx, changes[:2]); err != nil {
			t.Fatal(err)
		}
	}
	profile := replaytest.Sample().Profile
	hist, err := a.RatingHistory(ctx, ann, profile, archive.MaxHistory)
	if err != nil {
		t.Fatal(err)
	}
	if len(hist) != 2 {
		t.Fatalf("got %d changes, want 2", len(hist))
	}
	for i, c := range hist {
		if c.Race != races[i] || c.After.Rating != changes[i].After.Rating || c.After.Games != i+1 ||
			c.Before.Rating != changes[i].Before.Rating || !c.At.Equal(changes[i].At) {
			t.Errorf("change %d: got %+v, want %+v (oldest first)", i, c, changes[i])
		}
	}
	if last, err := a.RatingHistory(ctx, ann, profile, 1); err != nil || len(last) != 1 || last[0].Race != races[1] {
		t.Errorf("got %+v, %v, want the latest change only", last, err)
	}
	es, err := a.PlayerRaces(ctx, ann, archive.Page{})
	if err != nil || len(es) != 3 {
		t.Fatalf("got %+v, %v, want 3 races", es, err)
	}
	if es[0].Rated || !es[1].Rated || es[1].RatingBefore != 1600 || es[1].RatingAfter != 1700 || es[1].Name != "Ann B" {
		t.Errorf("got %+v, want the latest race unrated, the one before rated 1600 → 1700 under the name Ann B", es[:2])
	}
	if name, found, err := a.PlayerName(ctx, ann); err != nil || !found || name != "Ann C" {
		t.Errorf("got %q, %v, %v, want the latest name, Ann C", name, found, err)
	}
	if _, found, err := a.PlayerName(ctx, UniqueID("nobody")); err != nil || found {
		t.Errorf("got %v, %v for a player without races, want not found", found, err)
	}
}
