// Package leaderboardtest is the shared test suite of leaderboard.Store:
// the memory and the Redis implementation run the same tests.
//
//	func TestMemoryStore(t *testing.T) {
//		leaderboardtest.Suite(t, func(t *testing.T) leaderboard.Store {
//			return leaderboard.NewMemoryStore()
//		})
//	}
package leaderboardtest

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/rating"
)

// Suite runs the shared tests against stores made by newStore, one per
// subtest. Each subtest uses its own profile name, so stores sharing one
// backend (a Redis database) do not see each other's data.
func Suite(t *testing.T, newStore func(t *testing.T) leaderboard.Store) {
	t.Helper()
	tests := []struct {
		name string
		fn   func(t *testing.T, s leaderboard.Store, profile string)
	}{
		{"ApplyOnce", testApplyOnce},
		{"ConcurrentApplySameRace", testConcurrentSameRace},
		{"ConcurrentRacesOnePlayer", testConcurrentRacesOnePlayer},
		{"Order", testOrder},
		{"Periods", testPeriods},
		{"RatingBoardEstablishedOnly", testRatingBoard},
		{"Daily", testDaily},
		{"DailyTry", testDailyTry},
		{"FairPlayRemoveDaily", testRemoveDaily},
		{"BadBoards", testBadBoards},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.fn(t, newStore(t), Profile())
		})
	}
}

var profileN atomic.Int64

// Profile returns a profile name unique in this process and run.
func Profile() string {
	return fmt.Sprintf("t%d-%d", time.Now().UnixNano()%1e9, profileN.Add(1))
}

// Monday is noon UTC on Monday 2026-11-30, the time the suite's races end.
var Monday = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

var t0 = Monday

// pairRate rates players in the order given, first best.
func pairRate(at time.Time, players ...string) leaderboard.RateFunc {
	places := make([]rating.Placing, len(players))
	for i, p := range players {
		places[i] = rating.Placing{Player: p, Place: i + 1}
	}
	return func(cur map[string]rating.Rating) map[string]rating.Rating {
		return rating.Config{}.Race(cur, places, at)
	}
}

func update(profile, race string, at time.Time, winner string, players ...string) leaderboard.Update {
	names := map[string]string{}
	for _, p := range players {
		names[p] = "Name " + p
	}
	return leaderboard.Update{Profile: profile, Race: race, At: at, Rated: players, Wins: []string{winner}, Names: names}
}

// must returns a function that fails the test on an error and returns
// the value otherwise: must[int](t)(s.Count(ctx, b)).
func must[T any](t *testing.T) func(T, error) T {
	t.Helper()
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func testApplyOnce(t *testing.T, s leaderboard.Store, profile string) {
	ctx := t.Context()
	u := update(profile, "r1", t0, "a", "a", "b")
	if !must[bool](t)(s.Apply(ctx, u, pairRate(t0, "a", "b"))) {
		t.Fatal("got first Apply not applied, want applied")
	}
	first := must[map[string]rating.Rating](t)(s.Ratings(ctx, profile, "a", "b", "nobody"))
	if len(first) != 2 || first["a"].Rating <= 1500 || first["b"].Rating >= 1500 || first["a"].Games != 1 {
		t.Fatalf("got ratings %+v, want a above 1500, b below, one game each, nobody missing", first)
	}
	called := false
	again := must[bool](t)(s.Apply(ctx, u, func(cur map[string]rating.Rating) map[string]rating.Rating {
		called = true
		return pairRate(t0, "a", "b")(cur)
	}))
	if again || called {
		t.Errorf("got second Apply applied=%v rate called=%v, want neither", again, called)
	}
	if got := must[map[string]rating.Rating](t)(s.Ratings(ctx, profile, "a", "b")); got["a"] != first["a"] || got["b"] != first["b"] {
		t.Errorf("got ratings %+v after a second Apply, want unchanged %+v", got, first)
	}
	e := must[leaderboard.Entry](t)(s.Rank(ctx, leaderboard.Board{Profile: profile, Kind: leaderboard.KindWins, Period: leaderboard.All}, "a"))
	if e.Score != 1 || e.Rank != 1 || e.Name != "Name a" {
		t.Errorf("got wins entry %+v, want rank 1, score 1, name \"Name a\"", e)
	}
	// The same race ID under another profile is another race.
	if !must[bool](t)(s.Apply(ctx, update(profile+"x", "r1", t0, "a", "a", "b"), pairRate(t0, "a", "b"))) {
		t.Errorf("got race r1 of another profile not applied, want applied")
	}
}

func testConcurrentSameRace(t *testing.T, s leaderboard.Store, profile string) {
	ctx := t.Context()
	const callers = 8
	var wg sync.WaitGroup
	var applied atomic.Int32
	errs := make(chan error, callers)
	for range callers {
		wg.Go(func() {
			ok, err := s.Apply(ctx, update(profile, "same", t0, "a", "a", "b"), pairRate(t0, "a", "b"))
			if err != nil {
				errs <- err
			}
			if ok {
				applied.Add(1)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if n := applied.Load(); n != 1 {
		t.Errorf("got %d callers applied, want 1", n)
	}
	r := must[map[string]rating.Rating](t)(s.Ratings(ctx, profile, "a"))
	if r["a"].Games != 1 {
		t.Errorf("got %d games rated, want 1", r["a"].Games)
	}
	e := must[leaderboard.Entry](t)(s.Rank(ctx, leaderboard.Board{Profile: profile, Kind: leaderboard.KindWins, Period: leaderboard.All}, "a"))
	if e.Score != 1 {
		t.Errorf("got %v wins, want 1", e.Score)
	}
}

// testConcurrentRacesOnePlayer finishes several races of one player at
// once: no rating update may be lost.
func testConcurrentRacesOnePlayer(t *testing.T, s leaderboard.Store, profile string) {
	ctx := t.Context()
	const races = 8
	var wg sync.WaitGroup
	errs := make(chan error, races)
	for i := range races {
		wg.Go(func() {
			opp := fmt.Sprintf("o%d", i)
			_, err := s.Apply(ctx, update(profile, fmt.Sprintf("r%d", i), t0, "p", "p", opp), pairRate(t0, "p", opp))
			if err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	r := must[map[string]rating.Rating](t)(s.Ratings(ctx, profile, "p"))
	if r["p"].Games != races {
		t.Errorf("got %d games in p's rating, want %d", r["p"].Games, races)
	}
	e := must[leaderboard.Entry](t)(s.Rank(ctx, leaderboard.Board{Profile: profile, Kind: leaderboard.KindWins, Period: leaderboard.All}, "p"))
	if e.Score != races {
		t.Errorf("got %v wins, want %d", e.Score, races)
	}
}

func testOrder(t *testing.T, s leaderboard.Store, profile string) {
	ctx := t.Context()
	// Wins: e 5, d 4, c 3, b 2, a 1, and x 3 to tie c.
	wins := map[string]int{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "x": 3}
	n := 0
	for p, w := range wins {
		for range w {
			n++
			must[bool](t)(s.Apply(ctx, leaderboard.Update{Profile: profile, Race: fmt.Sprint("w", n), At: t0, Wins: []string{p}, Names: map[string]string{p: "N" + p}}, nil))
		}
	}
	b := leaderboard.Board{Profile: profile, Kind: leaderboard.KindWins, Period: leaderboard.All}
	// Equal scores keep Redis's order: descending boards break ties by
	// member, descending.
	want := []string{"e", "d", "x", "c", "b", "a"}
	top := must[[]leaderboard.Entry](t)(s.Top(ctx, b, 10))
	if got := players(top); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("got top %v, want %v", got, want)
	}
	for i, e := range top {
		if e.Rank != i+1 || e.Name != "N"+e.Player || e.Score != float64(wins[e.Player]) {
			t.Errorf("got entry %+v, want rank %d, name N%s, score %d", e, i+1, e.Player, wins[e.Player])
		}
	}
	if got := players(must[[]leaderboard.Entry](t)(s.Top(ctx, b, 2))); fmt.Sprint(got) != "[e d]" {
		t.Errorf("got top 2 %v, want [e d]", got)
	}
	if got := must[int](t)(s.Count(ctx, b)); got != 6 {
		t.Errorf("got count %d, want 6", got)
	}
	tests := []struct {
		player string
		n      int
		want   string
	}{
		{"c", 1, "[x c b]"},
		{"e", 2, "[e d x]"},
		{"a", 2, "[c b a]"},
		{"d", 0, "[d]"},
		{"x", 10, "[e d x c b a]"},
	}
	for _, tt := range tests {
		got := must[[]leaderboard.Entry](t)(s.Around(ctx, b, tt.player, tt.n))
		if fmt.Sprint(players(got)) != tt.want {
			t.Errorf("around %s ±%d: got %v, want %s", tt.player, tt.n, players(got), tt.want)
		}
	}
	e := must[leaderboard.Entry](t)(s.Rank(ctx, b, "c"))
	if e.Rank != 4 || e.Score != 3 {
		t.Errorf("got rank of c %+v, want rank 4 score 3", e)
	}
	if _, err := s.Rank(ctx, b, "nobody"); !errors.Is(err, leaderboard.ErrNotRanked) {
		t.Errorf("got %v for an unranked player, want ErrNotRanked", err)
	}
	if _, err := s.Around(ctx, b, "nobody", 3); !errors.Is(err, leaderboard.ErrNotRanked) {
		t.Errorf("got %v around an unranked player, want ErrNotRanked", err)
	}
	empty := leaderboard.Board{Profile: profile + "-empty", Kind: leaderboard.KindWins, Period: leaderboard.All}
	if got := must[[]leaderboard.Entry](t)(s.Top(ctx, empty, 10)); len(got) != 0 {
		t.Errorf("got %v on an empty board, want nothing", got)
	}
}

func players(es []leaderboard.Entry) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Player
	}
	return out
}

func testPeriods(t *testing.T, s leaderboard.Store, profile string) {
	ctx := t.Context()
	mon, tue, nextMon := t0, t0.Add(24*time.Hour), t0.Add(7*24*time.Hour)
	for i, at := range []time.Time{mon, mon, tue, nextMon} {
		must[bool](t)(s.Apply(ctx, leaderboard.Update{Profile: profile, Race: fmt.Sprint("p", i), At: at, Wins: []string{"a"}}, nil))
	}
	tests := []struct {
		period leaderboard.Period
		at     time.Time
		want   float64
	}{
		{leaderboard.Day, mon, 2},
		{leaderboard.Day, tue, 1},
		{leaderboard.Day, nextMon, 1},
		{leaderboard.Week, tue, 3},
		{leaderboard.Week, nextMon, 1},
		{leaderboard.All, time.Time{}, 4},
	}
	for _, tt := range tests {
		b := leaderboard.Board{Profile: profile, Kind: leaderboard.KindWins, Period: tt.period, At: tt.at}
		e := must[leaderboard.Entry](t)(s.Rank(ctx, b, "a"))
		if e.Score != tt.want {
			t.Errorf("%s %s: got %v wins, want %v", tt.period, b.Bucket(), e.Score, tt.want)
		}
	}
	b := leaderboard.Board{Profile: profile, Kind: leaderboard.KindWins, Period: leaderboard.Day, At: mon.Add(-24 * time.Hour)}
	if got := must[int](t)(s.Count(ctx, b)); got != 0 {
		t.Errorf("got %d entries the day before, want 0", got)
	}
}

func testRatingBoard(t *testing.T, s leaderboard.Store, profile string) {
	ctx := t.Context()
	set := func(race string, rs map[string]rating.Rating) {
		t.Helper()
		var ids []string
		for id := range rs {
			ids = append(ids, id)
		}
		must[bool](t)(s.Apply(ctx, leaderboard.Update{Profile: profile, Race: race, At: t0, Rated: ids}, func(map[string]rating.Rating) map[string]rating.Rating { return rs }))
	}
	set("r1", map[string]rating.Rating{
		"est":  {Rating: 1700, Deviation: 60, Volatility: 0.06},
		"prov": {Rating: 1900, Deviation: 200, Volatility: 0.06},
	})
	b := leaderboard.Board{Profile: profile, Kind: leaderboard.KindRating, Period: leaderboard.All}
	// Provisional ratings are on the board too: the page marks them.
	if got := players(must[[]leaderboard.Entry](t)(s.Top(ctx, b, 10))); fmt.Sprint(got) != "[prov est]" {
		t.Errorf("got rating board %v, want both players, [prov est]", got)
	}
	set("r2", map[string]rating.Rating{
		"est":  {Rating: 1650, Deviation: 120, Volatility: 0.06},
		"prov": {Rating: 1600, Deviation: 100, Volatility: 0.06},
	})
	top := must[[]leaderboard.Entry](t)(s.Top(ctx, b, 10))
	if fmt.Sprint(players(top)) != "[est prov]" || top[0].Score != 1650 || top[1].Score != 1600 {
		t.Errorf("got rating board %+v, want [est prov] at 1650 and 1600", top)
	}
	r := must[map[string]rating.Rating](t)(s.Ratings(ctx, profile, "est"))
	if r["est"].Rating != 1650 || r["est"].Deviation != 120 {
		t.Errorf("got %+v, want the stored rating 1650/120", r["est"])
	}
}

func testDaily(t *testing.T, s leaderboard.Store, profile string) {
	ctx := t.Context()
	day := "2026-11-30"
	if !must[bool](t)(s.StartDaily(ctx, profile, day, "a")) {
		t.Fatal("got first attempt refused, want it allowed")
	}
	if must[bool](t)(s.StartDaily(ctx, profile, day, "a")) {
		t.Error("got a second attempt allowed, want refused")
	}
	if !must[bool](t)(s.StartDaily(ctx, profile, "2026-12-01", "a")) {
		t.Error("got the next day's attempt refused, want allowed")
	}
	records := []leaderboard.Daily{
		{Player: "a", Time: 90 * time.Second, Actions: 120},
		{Player: "b", Time: 90 * time.Second, Actions: 100},
		{Player: "c", Time: 80*time.Second + 999*time.Millisecond, Actions: 300},
		{Player: "d", Time: 95 * time.Second, Actions: 10},
	}
	for _, d := range records {
		d.Profile, d.Day, d.Name = profile, day, "N"+d.Player
		if !must[bool](t)(s.RecordDaily(ctx, d)) {
			t.Errorf("got %s's record refused, want recorded", d.Player)
		}
	}
	better := leaderboard.Daily{Profile: profile, Day: day, Player: "d", Time: time.Second, Actions: 1}
	if must[bool](t)(s.RecordDaily(ctx, better)) {
		t.Error("got a second record of d accepted, want refused")
	}
	b := leaderboard.Board{Profile: profile, Kind: leaderboard.KindDaily, Period: leaderboard.Day, At: t0}
	top := must[[]leaderboard.Entry](t)(s.Top(ctx, b, 10))
	if got := fmt.Sprint(players(top)); got != "[c b a d]" {
		t.Fatalf("got daily board %s, want [c b a d] (time, then actions)", got)
	}
	d, a := leaderboard.SplitDailyScore(top[0].Score)
	if d != 80*time.Second+999*time.Millisecond || a != 300 || top[0].Name != "Nc" {
		t.Errorf("got first entry %v, %d actions, name %q; want 1m20.999s, 300, \"Nc\"", d, a, top[0].Name)
	}
	if _, err := s.RecordDaily(ctx, leaderboard.Daily{Profile: profile, Day: "30/11/2026", Player: "a"}); !errors.Is(err, leaderboard.ErrBadBoard) {
		t.Errorf("got %v for a malformed day, want ErrBadBoard", err)
	}
}

// testRemoveDaily: a marked player leaves the daily boards of every
// profile named and every day kept (today's, and the oldest a store that
// expires keys keeps: DayTTL less a day ago), and
// nobody else does; another profile's boards keep them, and their
// attempts stay claimed.
func testRemoveDaily(t *testing.T, s leaderboard.Store, profile string) {
	ctx := t.Context()
	other, kept := Profile(), Profile()
	now := time.Now().UTC()
	days := []time.Time{now, now.Add(-leaderboard.DayTTL + 24*time.Hour)}
	for _, p := range []string{profile, other, kept} {
		for _, at := range days {
			for i, player := range []string{"cat", "ann"} {
				d := leaderboard.Daily{Profile: p, Day: leaderboard.DayOf(at), Player: player, Name: "N" + player, Time: time.Duration(i+1) * time.Minute}
				if _, err := s.StartDaily(ctx, p, d.Day, player); err != nil {
					t.Fatal(err)
				}
				if !must[bool](t)(s.RecordDaily(ctx, d)) {
					t.Fatalf("got %s's record on %s %s refused, want recorded", player, p, d.Day)
				}
			}
		}
	}
	if got := must[int](t)(s.RemoveDaily(ctx, "cat", profile, other)); got != 4 {
		t.Errorf("got %d boards left, want 4 (two profiles, two days)", got)
	}
	for _, p := range []string{profile, other, kept} {
		for _, at := range days {
			b := leaderboard.Board{Profile: p, Kind: leaderboard.KindDaily, Period: leaderboard.Day, At: at}
			want := "[ann]"
			if p == kept {
				want = "[cat ann]"
			}
			if got := fmt.Sprint(players(must[[]leaderboard.Entry](t)(s.Top(ctx, b, 10)))); got != want {
				t.Errorf("got daily board %s of %s %s, want %s", got, p, b.Bucket(), want)
			}
		}
		if must[bool](t)(s.StartDaily(ctx, p, leaderboard.DayOf(now), "cat")) {
			t.Errorf("got a new attempt of the marked player allowed on %s, want their attempt kept", p)
		}
	}
	if got := must[int](t)(s.RemoveDaily(ctx, "cat", profile, other)); got != 0 {
		t.Errorf("got %d boards left on a second removal, want 0", got)
	}
	if _, err := s.RemoveDaily(ctx, "cat", "bad profile"); !errors.Is(err, leaderboard.ErrBadBoard) {
		t.Errorf("got %v for a malformed profile, want ErrBadBoard", err)
	}
}

func testDailyTry(t *testing.T, s leaderboard.Store, profile string) {
	ctx := t.Context()
	claim := func(day string, try int, checked bool) string {
		t.Helper()
		got, ok, err := s.ClaimDailyTry(ctx, profile, day, try, checked)
		if err != nil {
			t.Fatalf("ClaimDailyTry(%s, %d, %v): %v", day, try, checked, err)
		}
		return fmt.Sprint(got, ok)
	}
	if _, _, found, err := s.DailyTry(ctx, profile, "2026-11-30"); found || err != nil {
		t.Fatalf("DailyTry before any claim: got found %v, %v; want false, nil", found, err)
	}
	if got := claim("2026-11-30", 3, true); got != "3 true" {
		t.Fatalf("first claim: got %s, want 3 true", got)
	}
	if try, checked, found, err := s.DailyTry(ctx, profile, "2026-11-30"); try != 3 || !checked || !found || err != nil {
		t.Errorf("DailyTry after the claim: got %d %v %v %v, want 3 true true nil", try, checked, found, err)
	}
	if got := claim("2026-11-30", 0, false); got != "3 true" {
		t.Errorf("second claim: got %s, want the first's 3 true", got)
	}
	if got := claim("2026-12-01", 0, false); got != "0 false" {
		t.Errorf("next day's claim: got %s, want its own 0 false", got)
	}
	if got := claim("2026-12-01", 5, true); got != "0 false" {
		t.Errorf("next day's second claim: got %s, want 0 false", got)
	}
	if _, _, err := s.ClaimDailyTry(ctx, profile, "30/11/2026", 1, true); !errors.Is(err, leaderboard.ErrBadBoard) {
		t.Errorf("got %v for a malformed day, want ErrBadBoard", err)
	}
	if _, _, _, err := s.DailyTry(ctx, profile, "30/11/2026"); !errors.Is(err, leaderboard.ErrBadBoard) {
		t.Errorf("DailyTry: got %v for a malformed day, want ErrBadBoard", err)
	}
}

func testBadBoards(t *testing.T, s leaderboard.Store, profile string) {
	ctx := t.Context()
	bad := []leaderboard.Board{
		{Profile: profile, Kind: leaderboard.KindRating, Period: leaderboard.Day, At: t0},
		{Profile: profile, Kind: leaderboard.KindDaily, Period: leaderboard.All},
		{Profile: profile, Kind: "elo", Period: leaderboard.All},
		{Profile: "", Kind: leaderboard.KindWins, Period: leaderboard.All},
		{Profile: "a b", Kind: leaderboard.KindWins, Period: leaderboard.All},
		{Profile: "{x}", Kind: leaderboard.KindWins, Period: leaderboard.All},
	}
	for _, b := range bad {
		if _, err := s.Top(ctx, b, 1); !errors.Is(err, leaderboard.ErrBadBoard) {
			t.Errorf("Top(%+v): got %v, want ErrBadBoard", b, err)
		}
		if _, err := s.Around(ctx, b, "a", 1); !errors.Is(err, leaderboard.ErrBadBoard) {
			t.Errorf("Around(%+v): got %v, want ErrBadBoard", b, err)
		}
	}
}
