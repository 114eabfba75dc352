package modapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"github.com/solitaire-race/racer/internal/account"
	"github.com/solitaire-race/racer/internal/testenv"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/rating"
	"github.com/solitaire-race/racer/match/replay/replaytest"
	"github.com/solitaire-race/racer/web/authapi"
	"github.com/solitaire-race/racer/web/modapi"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// clock is the handler's clock, moved by the test.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// fixture is a server of the fair-play API on an SQLite archive with
// accounts, live boards in memory and three accounts: a moderator, a
// player and a cheat.
type fixture struct {
	t      *testing.T
	url    string
	arch   *archive.SQL
	boards *leaderboard.MemoryStore
	clk    *clock
	tokens map[string]string // username → session token
	ids    map[string]string // username → player
	race   string            // an archived race
	reg    *prometheus.Registry
}

const csrfValue = "0123456789abcdef0123456789abcdef"

func newFixture(t *testing.T) *fixture {
	t.Helper()
	ctx := t.Context()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	arch, err := archive.Open(ctx, filepath.Join(t.TempDir(), "archive.db"), games.All)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = arch.Close() })
	store, err := account.OpenStore(ctx, arch.DB(), arch.Dialect())
	if err != nil {
		t.Fatal(err)
	}
	svc, err := account.New(account.Config{Store: store, Argon2: account.Argon2{Memory: 1024, Time: 1}, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, arch: arch, boards: leaderboard.NewMemoryStore(), clk: &clock{t: time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)},
		tokens: map[string]string{}, ids: map[string]string{}, reg: prometheus.NewRegistry()}
	for i, name := range []string{"Moddy", "Player", "Cheat"} {
		a, ns, err := svc.SignUpPassword(ctx, account.SignUp{Username: name, Password: "correct horse", IP: "192.0.2." + string(rune('1'+i))})
		if err != nil {
			t.Fatal(err)
		}
		f.tokens[name], f.ids[name] = ns.Token, a.Player
	}
	if _, _, err := svc.SetModerator(ctx, "Moddy", true); err != nil {
		t.Fatal(err)
	}
	// Three rated races: the cheat beats the player twice, then the
	// player beats the moderator.
	rec, err := leaderboard.NewRecorder(leaderboard.RecorderConfig{Store: f.boards})
	if err != nil {
		t.Fatal(err)
	}
	for i, pair := range [][2]string{{"Cheat", "Player"}, {"Cheat", "Player"}, {"Player", "Moddy"}} {
		rp := replaytest.Sample()
		rp.Result.Race, rp.Result.FinishedAt = rp.Race, f.clk.now().Add(time.Duration(i-10)*time.Minute)
		w, l := f.ids[pair[0]], f.ids[pair[1]]
		rp.Racers = []match.Racer{{ID: w, Name: pair[0]}, {ID: l, Name: pair[1]}}
		rp.Result.Standings = []match.Standing{
			{Place: 1, Player: w, Name: pair[0], Status: match.StatusWon, Foundation: 52},
			{Place: 2, Player: l, Name: pair[1], Status: match.StatusResigned, Foundation: 2},
		}
		rp.Actions = nil
		changes, _, err := rec.RecordChanges(ctx, match.Race{ID: rp.Race, Profile: rp.Profile, Racers: rp.Racers}, rp.Result, true)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := arch.Save(ctx, rp); err != nil {
			t.Fatal(err)
		}
		if err := arch.SaveRatings(ctx, changes); err != nil {
			t.Fatal(err)
		}
		ss, err := archive.ComputeSignals(ctx, rp, archive.SignalsConfig{})
		if err != nil {
			t.Fatal(err)
		}
		ss[0].Flags = []string{archive.FlagQuickRun} // as if the winner had been quick
		if err := arch.SaveSignals(ctx, ss); err != nil {
			t.Fatal(err)
		}
		f.race = rp.Race
	}
	h, err := modapi.New(modapi.Config{Accounts: svc, Archive: arch, Now: f.clk.now, Logger: quiet, ReportBurst: 2, ReportEvery: time.Minute, Registerer: f.reg,
		Annul: func(ctx context.Context, player, moderator, note string) (archive.Annulled, error) {
			return arch.Annul(ctx, archive.Annulment{Player: player, Moderator: moderator, Note: note, At: f.clk.now()}, rating.Config{}, f.boards)
		}})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	f.url = ts.URL
	return f
}

// do sends a request as user ("" for a guest), with the CSRF cookie and
// header when csrf, and returns the status and the JSON answer.
func (f *fixture) do(method, path, user string, csrf bool, body any) (int, map[string]any) {
	f.t.Helper()
	var b io.Reader
	if body != nil {
		j, _ := json.Marshal(body)
		b = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, f.url+path, b)
	if err != nil {
		f.t.Fatal(err)
	}
	if user != "" {
		req.AddCookie(&http.Cookie{Name: authapi.SessionCookie, Value: f.tokens[user]})
	}
	if csrf {
		req.AddCookie(&http.Cookie{Name: authapi.CSRFCookie, Value: csrfValue})
		req.Header.Set(authapi.CSRFHeader, csrfValue)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		f.t.Fatalf("%s %s: the answer is not JSON: %v", method, path, err)
	}
	return resp.StatusCode, out
}

func (f *fixture) want(method, path, user string, csrf bool, body any, status int, code string) map[string]any {
	f.t.Helper()
	got, out := f.do(method, path, user, csrf, body)
	if got != status || (code != "" && out["code"] != code) {
		f.t.Errorf("%s %s as %q: got %d %v, want %d %s", method, path, user, got, out, status, code)
	}
	return out
}

// TestAuthModeratorRoutesRefused: every review route refuses a guest
// (401 not_signed_in), a player who is no moderator (403 not_moderator)
// and a state change without the CSRF header (403 bad_csrf), and changes
// nothing; a moderator reads them.
func TestAuthModeratorRoutesRefused(t *testing.T) {
	f := newFixture(t)
	cheat := f.ids["Cheat"]
	routes := []struct {
		method, path string
		body         any
	}{
		{"GET", "/api/mod/flags", nil},
		{"GET", "/api/mod/reports", nil},
		{"GET", "/api/mod/players/" + cheat, nil},
		{"POST", "/api/mod/players/" + cheat + "/annul", map[string]string{"note": "x"}},
	}
	for _, r := range routes {
		f.want(r.method, r.path, "", true, r.body, 401, "not_signed_in")
		f.want(r.method, r.path, "Player", true, r.body, 403, "not_moderator")
		if r.method == "POST" {
			f.want(r.method, r.path, "Moddy", false, r.body, 403, "bad_csrf")
		}
	}
	f.want("GET", "/api/mod/nothing", "Moddy", false, nil, 404, "not_found")
	f.want("GET", "/api/mod/flags?limit=x", "Moddy", false, nil, 400, "bad_page")
	if ok, _ := f.arch.IsAnnulled(t.Context(), cheat); ok {
		t.Fatal("a refused request marked the cheat")
	}
	if rs, _ := f.boards.Ratings(t.Context(), "bvs", cheat); len(rs) != 1 {
		t.Fatalf("got the cheat's ratings %v after refused requests, want theirs unchanged", rs)
	}
	out := f.want("GET", "/api/mod/flags", "Moddy", false, nil, 200, "")
	if ps, _ := out["players"].([]any); len(ps) != 2 || ps[0].(map[string]any)["player"] != cheat {
		t.Errorf("got flagged players %v, want the cheat first of two", out["players"])
	}
	if rs, _ := out["races"].([]any); len(rs) != 3 {
		t.Errorf("got %d flagged racers, want 3", len(rs))
	}
	out = f.want("GET", "/api/mod/players/"+cheat, "Moddy", false, nil, 200, "")
	if out["name"] != "Cheat" || out["annulled"] != false {
		t.Errorf("got %v, want the cheat, not annulled", out)
	}
	f.want("GET", "/api/mod/players/ffffffffffffffff", "Moddy", false, nil, 404, "player_not_found")
}

// TestAnnulByModerator: a moderator marks the cheat; their two rated
// wins leave the ratings and the boards, rebuilt from the archive: the
// player's rating is that of the one race left.
func TestAnnulByModerator(t *testing.T) {
	f := newFixture(t)
	ctx := t.Context()
	cheat, player := f.ids["Cheat"], f.ids["Player"]
	before, _ := f.boards.Ratings(ctx, "bvs", player)
	f.want("POST", "/api/mod/players/"+cheat+"/annul", "Moddy", true, map[string]string{"note": string(bytes.Repeat([]byte("x"), 501))}, 400, "bad_note")
	out := f.want("POST", "/api/mod/players/"+cheat+"/annul", "Moddy", true, map[string]string{"note": "second seat"}, 200, "")
	if out["races"] != 2.0 || out["rebuilt"] != 1.0 || out["daily"] != 0.0 {
		t.Errorf("got %v, want 2 races annulled, 1 rebuilt and no daily board (the cheat raced no daily)", out)
	}
	rs, err := f.boards.Ratings(ctx, "bvs", cheat, player)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := rs[cheat]; ok {
		t.Errorf("the cheat keeps a rating: %+v", rs[cheat])
	}
	if rs[player].Games != 1 || rs[player].Rating <= 1500 || rs[player].Rating == before[player].Rating {
		t.Errorf("got the player's rating %+v (before %+v), want one game, a win", rs[player], before[player])
	}
	top, err := f.boards.Top(ctx, leaderboard.Board{Profile: "bvs", Kind: leaderboard.KindWins, Period: leaderboard.All}, 10)
	if err != nil || len(top) != 1 || top[0].Player != player {
		t.Errorf("got the wins board %+v, %v, want the player alone", top, err)
	}
	out = f.want("GET", "/api/mod/flags", "Moddy", false, nil, 200, "")
	if p := out["players"].([]any)[0].(map[string]any); p["player"] != cheat || p["annulled"] != true {
		t.Errorf("got %v first, want the cheat marked annulled", p)
	}
}

// TestFairPlayReportRace: a guest may not report (401); an account
// reports a finished race once with a known reason, a few at once, then
// one a minute (429 too_many_reports); reports reach the review.
func TestFairPlayReportRace(t *testing.T) {
	f := newFixture(t)
	path := "/api/races/" + f.race + "/report"
	f.want("POST", path, "", true, map[string]string{"reason": "engine"}, 401, "not_signed_in")
	f.want("POST", path, "Player", false, map[string]string{"reason": "engine"}, 403, "bad_csrf")
	f.want("POST", path, "Player", true, map[string]string{"reason": "because"}, 400, "bad_reason")
	f.want("POST", path, "Player", true, "not an object", 400, "bad_json")
	out := f.want("POST", path, "Player", true, map[string]string{"reason": "second_seat"}, 201, "")
	if out["race"] != f.race {
		t.Errorf("got %v, want the race reported", out)
	}
	f.want("POST", "/api/races/no-such-race/report", "Player", true, map[string]string{"reason": "other"}, 404, "race_not_found")
	f.want("POST", path, "Player", true, map[string]string{"reason": "engine"}, 429, "too_many_reports")
	f.clk.add(time.Minute)
	f.want("POST", path, "Player", true, map[string]string{"reason": "engine"}, 409, "already_reported")
	f.want("POST", path, "Moddy", true, map[string]string{"reason": "engine"}, 201, "") // one account's limit is its own
	out = f.want("GET", "/api/mod/reports", "Moddy", false, nil, 200, "")
	reps, _ := out["reports"].([]any)
	if len(reps) != 2 || reps[1].(map[string]any)["reason"] != "second_seat" || reps[1].(map[string]any)["reporter"] != f.ids["Player"] {
		t.Errorf("got reports %v, want the moderator's, then the player's", out["reports"])
	}
	if mfs, err := f.reg.Gather(); err != nil || !slices.ContainsFunc(mfs, func(mf *dto.MetricFamily) bool {
		return mf.GetName() == "racer_fairplay_reports_total" && mf.GetMetric()[0].GetCounter().GetValue() == 2
	}) {
		t.Errorf("racer_fairplay_reports_total is not 2 (%v)", err)
	}
}

// TestFairPlayBeyondViewShown: a racer's comparison with the view-only
// bot reaches the review: the divergent positions, those where they
// played the all-knowing solver's move, the share and the flag; the
// share is null for a racer with no divergent position.
func TestFairPlayBeyondViewShown(t *testing.T) {
	f := newFixture(t)
	ctx := t.Context()
	player, moddy := f.ids["Player"], f.ids["Moddy"]
	ss, err := f.arch.RaceSignals(ctx, f.race)
	if err != nil || len(ss) != 2 {
		t.Fatalf("got %d signals, %v, want the race's two", len(ss), err)
	}
	for i := range ss {
		if ss[i].Player == player {
			ss[i].Divergent, ss[i].BeyondView, ss[i].Flags = 10, 9, []string{archive.FlagBeyondView}
		}
	}
	if err := f.arch.SaveSignals(ctx, ss); err != nil {
		t.Fatal(err)
	}
	race := func(who string) map[string]any {
		t.Helper()
		out := f.want("GET", "/api/mod/players/"+who, "Moddy", false, nil, 200, "")
		for _, r := range out["races"].([]any) {
			if r := r.(map[string]any); r["race"] == f.race {
				return r
			}
		}
		t.Fatalf("%s: the race is not among %v", who, out["races"])
		return nil
	}
	if r := race(player); r["divergent"] != 10.0 || r["beyond_view"] != 9.0 || r["beyond_share"] != 0.9 ||
		fmt.Sprint(r["flags"]) != "[beyond_view]" {
		t.Errorf("got %v, want 10 divergent, 9 beyond the view (0.9), flagged beyond_view", r)
	}
	if r := race(moddy); r["divergent"] != 0.0 || r["beyond_share"] != nil {
		t.Errorf("got %v, want no divergent position and a null share", r)
	}
	out := f.want("GET", "/api/mod/flags", "Moddy", false, nil, 200, "")
	found := false
	for _, r := range out["races"].([]any) {
		r := r.(map[string]any)
		found = found || (r["race"] == f.race && r["player"] == player && r["beyond_share"] == 0.9)
	}
	if !found {
		t.Errorf("got flagged races %v, want the player's race flagged beyond_view", out["races"])
	}
}
