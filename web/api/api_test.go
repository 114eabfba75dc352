package api_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/hub/session"
	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/daily"
	"github.com/solitaire-race/racer/match/fair"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/rating"
	"github.com/solitaire-race/racer/match/replay"
	"github.com/solitaire-race/racer/web/api"
)

var now = time.Date(2026, 11, 30, 15, 0, 0, 0, time.UTC) // a Monday

func clock(context.Context) (time.Time, error) { return now, nil }

type fixture struct {
	srv     *httptest.Server
	boards  leaderboard.Store
	replays replay.Store
	races   *match.MemoryStore
	daily   *daily.Service
}

var fixtureN atomic.Int64

// backends runs test against the memory stores and the Redis stores.
func backends(t *testing.T, test func(t *testing.T, f *fixture)) {
	t.Run("memory", func(t *testing.T) {
		test(t, newFixture(t, leaderboard.NewMemoryStore(), replay.NewMemoryStore()))
	})
	t.Run("redis", func(t *testing.T) {
		c := redistest.Client(t) // skips without redis-server, fails under CI=true
		prefix := fmt.Sprintf("apitest:%d:%d:", time.Now().UnixNano(), fixtureN.Add(1))
		boards, err := leaderboard.NewRedisStore(leaderboard.RedisConfig{Client: c, Prefix: prefix + "lb:"})
		if err != nil {
			t.Fatal(err)
		}
		replays, err := replay.NewRedisStore(replay.RedisConfig{Client: c, Prefix: prefix + "replay:"})
		if err != nil {
			t.Fatal(err)
		}
		test(t, newFixture(t, boards, replays))
	})
}

func newFixture(t *testing.T, boards leaderboard.Store, replays replay.Store) *fixture {
	t.Helper()
	f := &fixture{boards: boards, replays: replays, races: match.NewMemoryStore(match.MemoryStoreConfig{})}
	var err error
	f.daily, err = daily.New(daily.Config{Games: games.All, Secret: []byte("a test secret of at least 16 bytes"), Store: f.boards, Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	analyses, _ := replays.(replay.AnalysisStore)
	h, err := api.New(api.Config{Boards: f.boards, Replays: f.replays, Analyses: analyses, Races: f.races, Daily: f.daily, Clock: clock, MaxN: 50})
	if err != nil {
		t.Fatal(err)
	}
	f.srv = httptest.NewServer(h)
	t.Cleanup(f.srv.Close)

	// Races: ann beats bob three times, bob beats cid once; all today.
	rec, err := leaderboard.NewRecorder(leaderboard.RecorderConfig{Store: f.boards})
	if err != nil {
		t.Fatal(err)
	}
	race := func(id, winner, loser string, at time.Time) {
		t.Helper()
		r := match.Race{ID: id, Profile: "bvs", Racers: []match.Racer{{ID: pid(winner), Name: strings.ToUpper(winner)}, {ID: pid(loser), Name: strings.ToUpper(loser)}}}
		res := match.Result{Race: id, Reason: match.EndWin, FinishedAt: at, Standings: []match.Standing{
			{Place: 1, Player: pid(winner), Name: strings.ToUpper(winner), Status: match.StatusWon},
			{Place: 2, Player: pid(loser), Name: strings.ToUpper(loser), Status: match.StatusStuck},
		}}
		if _, err := rec.Record(t.Context(), r, res, true); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 3 {
		race(fmt.Sprint("r", i), "ann", "bob", now.Add(-time.Hour))
	}
	race("r3", "bob", "cid", now.Add(-48*time.Hour))
	for i := range 30 {
		race(fmt.Sprint("x", i), fmt.Sprint("p", i), "bob", now.Add(-time.Duration(i)*time.Minute))
	}
	// bob's rating, set outright: established.
	if _, err := f.boards.Apply(t.Context(), leaderboard.Update{Profile: "bvs", Race: "set-bob", At: now, Rated: []string{pid("bob")}},
		func(map[string]rating.Rating) map[string]rating.Rating {
			return map[string]rating.Rating{pid("bob"): {Rating: 1620, Deviation: 80, Volatility: 0.06, Games: 40, Updated: now}}
		}); err != nil {
		t.Fatal(err)
	}
	for _, d := range []leaderboard.Daily{
		{Player: pid("ann"), Name: "ANN", Time: 95 * time.Second, Actions: 120},
		{Player: pid("bob"), Name: "BOB", Time: 80 * time.Second, Actions: 150},
	} {
		d.Profile, d.Day = "bvs", "2026-11-30"
		if _, err := f.boards.RecordDaily(t.Context(), d); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

// pid returns the player ID of a test player's name: its bytes in hex,
// padded with zeros to 16 digits, so that IDs sort as the names do.
func pid(name string) string {
	return hex.EncodeToString([]byte(name)) + strings.Repeat("0", 16-2*len(name))
}

// nameOf returns the name of a pid, or id itself when it is none.
func nameOf(id string) string {
	b, err := hex.DecodeString(strings.TrimRight(id, "0") + strings.Repeat("0", len(strings.TrimRight(id, "0"))%2))
	if err != nil || len(id) != 16 {
		return id
	}
	return strings.TrimRight(string(b), "\x00")
}

// get fetches path and decodes its JSON body into a map.
func (f *fixture) get(t *testing.T, method, path string) (int, map[string]any, http.Header) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), method, f.srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := f.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("%s: got Content-Type %q, want JSON", path, ct)
	}
	var m map[string]any
	if method != http.MethodHead {
		if err := json.Unmarshal(body, &m); err != nil {
			t.Fatalf("%s: got body %q, not a JSON object: %v", path, body, err)
		}
	}
	return resp.StatusCode, m, resp.Header
}

// packagePrefix matches a Go error's package prefix ("daily: ").
var packagePrefix = regexp.MustCompile(`(^|: )[a-z][a-z0-9]*: `)

func TestErrors(t *testing.T) {
	backends(t, testErrors)
}

func testErrors(t *testing.T, f *fixture) {
	long := strings.Repeat("x", 200)
	tests := []struct {
		method, path string
		status       int
		code         string
	}{
		{"GET", "/api/leaderboard/nope/wins", 404, "unknown_profile"},
		{"GET", "/api/leaderboard/%7Bbvs%7D/wins", 404, "unknown_profile"},
		{"GET", "/api/leaderboard/bvs/elo", 404, "unknown_board"},
		{"GET", "/api/leaderboard/bvs/rating?period=day", 400, "bad_period"},
		{"GET", "/api/leaderboard/bvs/daily?period=all", 400, "bad_period"},
		{"GET", "/api/leaderboard/bvs/wins?period=month", 400, "bad_period"},
		{"GET", "/api/leaderboard/bvs/wins?n=0", 400, "bad_n"},
		{"GET", "/api/leaderboard/bvs/wins?n=51", 400, "bad_n"},
		{"GET", "/api/leaderboard/bvs/wins?n=ten", 400, "bad_n"},
		{"GET", "/api/leaderboard/bvs/wins?n=-1", 400, "bad_n"},
		{"GET", "/api/leaderboard/bvs/wins?period=day&day=2026-12-01", 400, "bad_day"},
		{"GET", "/api/leaderboard/bvs/wins?period=day&day=yesterday", 400, "bad_day"},
		{"GET", "/api/leaderboard/bvs/wins/player/" + pid("nobody"), 404, "not_ranked"},
		{"GET", "/api/leaderboard/bvs/wins/player/nobody", 400, "bad_player"},
		{"GET", "/api/leaderboard/bvs/wins/player/" + long, 400, "bad_player"},
		{"GET", "/api/leaderboard/bvs/wins/player/a%00b", 400, "bad_player"},
		{"GET", "/api/leaderboard/bvs/wins/player/" + pid("ann") + "?n=101", 400, "bad_n"},
		{"GET", "/api/rating/nope/" + pid("ann"), 404, "unknown_profile"},
		{"GET", "/api/rating/bvs/" + long, 400, "bad_player"},
		{"GET", "/api/daily/nope", 404, "unknown_profile"},
		{"GET", "/api/daily/bvs?day=2026-12-01", 400, "bad_day"},
		{"GET", "/api/daily/bvs?day=2026-02-30", 400, "bad_day"},
		{"GET", "/api/replay/nope", 404, "replay_not_found"},
		{"GET", "/api/replay/" + long, 400, "bad_race"},
		{"POST", "/api/leaderboard/bvs/wins", 405, "method_not_allowed"},
		{"DELETE", "/api/replay/r1", 405, "method_not_allowed"},
		{"GET", "/api/leaderboard/bvs", 404, "not_found"},
		{"GET", "/api/rating/bvs/" + pid("ann") + "/x", 404, "not_found"},
		{"GET", "/api/leaderboard", 404, "not_found"},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path[:min(len(tt.path), 60)], func(t *testing.T) {
			status, m, _ := f.get(t, tt.method, tt.path)
			if status != tt.status || m["code"] != tt.code {
				t.Errorf("got %d %v, want %d %s", status, m, tt.status, tt.code)
			}
			if msg, _ := m["message"].(string); msg == "" || packagePrefix.MatchString(msg) {
				t.Errorf("got message %q in %v, want a plain sentence", msg, m)
			}
		})
	}
}

func entries(t *testing.T, m map[string]any) []string {
	t.Helper()
	es, _ := m["entries"].([]any)
	var out []string
	for _, e := range es {
		e := e.(map[string]any)
		out = append(out, fmt.Sprintf("%v:%v:%v:%v", e["rank"], nameOf(fmt.Sprint(e["player"])), e["name"], e["score"]))
	}
	return out
}

func TestBoards(t *testing.T) {
	backends(t, testBoards)
}

func testBoards(t *testing.T, f *fixture) {
	tests := []struct {
		path  string
		total float64
		want  string
	}{
		{"/api/leaderboard/bvs/wins?n=2", 32, "[1:ann:ANN:3 2:p9:P9:1]"},
		{"/api/leaderboard/bvs/wins?period=day&n=1", 31, "[1:ann:ANN:3]"},
		{"/api/leaderboard/bvs/wins?period=day&day=2026-11-28&n=3", 1, "[1:bob:BOB:1]"},
		{"/api/leaderboard/bvs/wins?period=week&n=1", 31, "[1:ann:ANN:3]"},
		{"/api/leaderboard/bvs/wins?period=week&day=2026-11-28&n=3", 1, "[1:bob:BOB:1]"},
		{"/api/leaderboard/bvs/wins?period=day&day=2026-11-01", 0, "[]"},
		{"/api/leaderboard/classic/wins", 0, "[]"},
	}
	for _, tt := range tests {
		status, m, _ := f.get(t, "GET", tt.path)
		if status != 200 || m["total"] != tt.total || fmt.Sprint(entries(t, m)) != tt.want {
			t.Errorf("%s: got %d total %v %v, want 200 total %v %s", tt.path, status, m["total"], entries(t, m), tt.total, tt.want)
		}
	}
	status, m, _ := f.get(t, "GET", "/api/leaderboard/bvs/wins")
	if status != 200 || len(entries(t, m)) != 10 || m["bucket"] != "all" || m["period"] != "all" || m["board"] != "wins" {
		t.Errorf("got %d %v, want the default 10 entries of the all-time board", status, m)
	}
	_, m, _ = f.get(t, "GET", "/api/leaderboard/bvs/wins?period=week")
	if m["bucket"] != "2026-W49" {
		t.Errorf("got bucket %v, want 2026-W49", m["bucket"])
	}

	// bob is the only established rating, below provisional ones.
	status, m, _ = f.get(t, "GET", "/api/leaderboard/bvs/rating")
	if es := entries(t, m); status != 200 || len(es) != 10 || !strings.HasPrefix(es[0], "1:ann:ANN:") || !strings.HasPrefix(es[4], "5:bob:BOB:1620") {
		t.Errorf("got %d %v, want ann first and bob fifth on the rating board", status, es)
	}

	status, m, _ = f.get(t, "GET", "/api/leaderboard/bvs/daily")
	es, _ := m["entries"].([]any)
	if status != 200 || len(es) != 2 {
		t.Fatalf("got %d %v, want two daily entries", status, m)
	}
	first := es[0].(map[string]any)
	if first["player"] != pid("bob") || first["time_ms"] != 80000.0 || first["actions"] != 150.0 {
		t.Errorf("got first daily entry %v, want bob in 80000 ms with 150 actions", first)
	}
}

func TestPlayer(t *testing.T) {
	backends(t, testPlayer)
}

func testPlayer(t *testing.T, f *fixture) {
	status, m, _ := f.get(t, "GET", "/api/leaderboard/bvs/wins/player/"+pid("ann")+"?n=1")
	p, _ := m["player"].(map[string]any)
	if status != 200 || p["rank"] != 1.0 || p["player"] != pid("ann") || len(entries(t, m)) != 2 {
		t.Errorf("got %d %v, want ann first with one neighbour below", status, m)
	}
	status, m, _ = f.get(t, "GET", "/api/leaderboard/bvs/wins/player/"+pid("p5")+"?n=2")
	p, _ = m["player"].(map[string]any)
	if status != 200 || p["player"] != pid("p5") || len(entries(t, m)) != 5 {
		t.Errorf("got %d %v, want p5 with two neighbours on each side", status, m)
	}
	status, m, _ = f.get(t, "GET", "/api/leaderboard/bvs/wins/player/"+pid("ann")+"?n=0")
	if status != 200 || len(entries(t, m)) != 1 {
		t.Errorf("got %d %v, want ann alone with n=0", status, m)
	}
}

func TestRating(t *testing.T) {
	backends(t, testRating)
}

func testRating(t *testing.T, f *fixture) {
	status, m, _ := f.get(t, "GET", "/api/rating/bvs/"+pid("bob"))
	// The rating board lists provisional players too: those above bob.
	if status != 200 || m["rated"] != true || m["games"] != 40.0 || m["rating"] != 1620.0 || m["provisional"] != false || m["rank"] != 5.0 || m["name"] != "BOB" {
		t.Errorf("got %d %v, want bob rated 1620, 40 games, established, rank 5", status, m)
	}
	status, m, _ = f.get(t, "GET", "/api/rating/bvs/"+pid("ann"))
	if status != 200 || m["rated"] != true || m["provisional"] != true || m["rank"] != 1.0 || !(m["rating"].(float64) > 1500) {
		t.Errorf("got %d %v, want ann rated above 1500, provisional, first on the board", status, m)
	}
	status, m, _ = f.get(t, "GET", "/api/rating/bvs/"+pid("newcomer"))
	if status != 200 || m["rated"] != false || m["rating"] != 1500.0 || m["deviation"] != 500.0 || m["provisional"] != true {
		t.Errorf("got %d %v, want the lichess start 1500/500, provisional, not rated", status, m)
	}
}

// TestRatingBoardMarksProvisional: the rating board lists provisional
// players, marked, beside established ones.
func TestRatingBoardMarksProvisional(t *testing.T) {
	backends(t, func(t *testing.T, f *fixture) {
		status, m, _ := f.get(t, "GET", "/api/leaderboard/bvs/rating?period=all")
		es, _ := m["entries"].([]any)
		byName := map[string]map[string]any{}
		for _, e := range es {
			e := e.(map[string]any)
			byName[nameOf(fmt.Sprint(e["player"]))] = e
		}
		bob, ann := byName["bob"], byName["ann"]
		if status != 200 || bob == nil || ann == nil {
			t.Fatalf("got %d %v, want bob and ann on the board", status, m)
		}
		if bob["provisional"] != false || bob["games"] != 40.0 || bob["deviation"] != 80.0 {
			t.Errorf("got %v, want bob established, 40 games, deviation 80", bob)
		}
		if ann["rank"] != 1.0 || ann["provisional"] != true {
			t.Errorf("got %v, want ann first, provisional", ann)
		}
	})
}

// TestRatings: the ratings of several players in one request, in the
// order asked; a player never rated gets the start; bad lists are 400.
func TestRatings(t *testing.T) {
	backends(t, func(t *testing.T, f *fixture) {
		status, m, _ := f.get(t, "GET", "/api/ratings/bvs?players="+pid("newcomer")+","+pid("bob"))
		rs, _ := m["ratings"].([]any)
		if status != 200 || len(rs) != 2 {
			t.Fatalf("got %d %v, want two ratings", status, m)
		}
		nc, bob := rs[0].(map[string]any), rs[1].(map[string]any)
		if nc["player"] != pid("newcomer") || nc["rated"] != false || nc["rating"] != 1500.0 || nc["provisional"] != true {
			t.Errorf("got %v, want the newcomer at the start, provisional", nc)
		}
		if bob["rated"] != true || bob["rating"] != 1620.0 || bob["provisional"] != false || bob["games"] != 40.0 {
			t.Errorf("got %v, want bob at 1620, established", bob)
		}
		many := strings.TrimSuffix(strings.Repeat(pid("bob")+",", api.MaxRatings+1), ",")
		for _, q := range []string{"", "?players=", "?players=zz", "?players=" + pid("bob") + ",", "?players=" + many} {
			if status, m, _ := f.get(t, "GET", "/api/ratings/bvs"+q); status != 400 || m["code"] != "bad_player" {
				t.Errorf("%q: got %d %v, want 400 bad_player", q, status, m)
			}
		}
		if status, m, _ := f.get(t, "GET", "/api/ratings/nope?players="+pid("bob")); status != 404 || m["code"] != "unknown_profile" {
			t.Errorf("bad profile: got %d %v, want 404 unknown_profile", status, m)
		}
	})
}

func TestDaily(t *testing.T) {
	backends(t, testDaily)
}

func testDaily(t *testing.T, f *fixture) {
	c, err := f.daily.Today(t.Context(), "bvs")
	if err != nil {
		t.Fatal(err)
	}
	status, m, _ := f.get(t, "GET", "/api/daily/bvs")
	if status != 200 || m["day"] != "2026-11-30" || m["commitment"] != c.Commitment || m["revealed"] != false || m["players"] != 2.0 {
		t.Errorf("got %d %v, want today's commitment, unrevealed, 2 players", status, m)
	}
	if _, ok := m["seed"]; ok {
		t.Errorf("got a seed in today's challenge %v, want none", m)
	}
	if _, ok := m["nonce"]; ok {
		t.Errorf("got a nonce in today's challenge %v, want none", m)
	}
	// The API never waits for a challenge's preparation
	// (TestDailyNeverWaitsForTheSearch): yesterday's is prepared first.
	if _, err := f.daily.Challenge(t.Context(), "bvs", "2026-11-29"); err != nil {
		t.Fatal(err)
	}
	status, m, _ = f.get(t, "GET", "/api/daily/bvs?day=2026-11-29")
	if status != 200 || m["revealed"] != true || m["seed"] == nil {
		t.Fatalf("got %d %v, want yesterday's challenge revealed", status, m)
	}
	var seed uint64
	fmt.Sscan(m["seed"].(string), &seed)
	var nonce []byte
	fmt.Sscanf(m["nonce"].(string), "%x", &nonce)
	if err := fair.Verify(m["commitment"].(string), fair.Reveal{Seed: seed, Profile: "bvs", Nonce: nonce}); err != nil {
		t.Errorf("got yesterday's reveal not matching its commitment: %v", err)
	}
}

func TestReplay(t *testing.T) {
	backends(t, testReplay)
}

func testReplay(t *testing.T, f *fixture) {
	ctx := t.Context()
	r := match.Race{ID: "rp1", Profile: "bvs", Racers: []match.Racer{{ID: "a", Name: "A"}}}
	if err := match.DealRace(ctx, match.FixedDealer{Seed: 1<<64 - 1}, &r); err != nil {
		t.Fatal(err)
	}
	if _, err := f.races.CreateRace(ctx, r); err != nil {
		t.Fatal(err)
	}
	status, m, _ := f.get(t, "GET", "/api/replay/rp1")
	if status != 409 || m["code"] != "race_not_finished" {
		t.Errorf("got %d %v for a live race, want 409 race_not_finished", status, m)
	}
	if _, _, err := f.races.Finish(ctx, "rp1", match.Result{Race: "rp1", Reason: match.EndAllDone}); err != nil {
		t.Fatal(err)
	}
	// Not saved yet: rebuilt from the race store, then saved.
	status, m, _ = f.get(t, "GET", "/api/replay/rp1")
	if status != 200 || m["seed"] != "18446744073709551615" || m["race"] != "rp1" {
		t.Errorf("got %d %v, want the replay with its seed as a string", status, m)
	}
	if _, err := f.replays.Load(ctx, "rp1"); err != nil {
		t.Errorf("got %v, want the rebuilt replay saved", err)
	}

	// A daily race's replay waits for the end of its day.
	dr, err := f.daily.Start(ctx, "bvs", match.Racer{ID: "ann", Name: "ANN"})
	if err != nil {
		t.Fatal(err)
	}
	status, m, _ = f.get(t, "GET", "/api/replay/"+dr.ID)
	if status != 403 || m["code"] != "daily_secret" {
		t.Errorf("got %d %v for today's daily race, want 403 daily_secret", status, m)
	}
	old := f.daily.RaceID("bvs", "2026-11-29", "ann")
	if _, err := f.replays.Save(ctx, replay.Replay{Race: old, Profile: "bvs", Seed: 9}); err != nil {
		t.Fatal(err)
	}
	status, m, _ = f.get(t, "GET", "/api/replay/"+old)
	if status != 200 || m["seed"] != "9" {
		t.Errorf("got %d %v for yesterday's daily race, want its replay", status, m)
	}
}

func TestHeaders(t *testing.T) {
	backends(t, testHeaders)
}

func testHeaders(t *testing.T, f *fixture) {
	status, _, h := f.get(t, "GET", "/api/leaderboard/bvs/wins")
	if status != 200 || h.Get("Cache-Control") != "no-store" || h.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("got %d %v, want 200 with no-store and nosniff", status, h)
	}
	if status, _, _ := f.get(t, "HEAD", "/api/rating/bvs/"+pid("ann")); status != 200 {
		t.Errorf("got HEAD %d, want 200", status)
	}
}

func TestNewNeedsBoards(t *testing.T) {
	if _, err := api.New(api.Config{}); err == nil {
		t.Error("got a handler without Boards, want an error")
	}
}

// TestStoreDown answers 503 when Redis cannot be reached (a closed
// loopback port refuses at once).
func TestStoreDown(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	c := redis.NewClient(&redis.Options{Addr: addr, MaxRetries: -1, DialTimeout: time.Second, DialerRetries: 1, DialerRetryTimeout: time.Millisecond})
	t.Cleanup(func() { c.Close() })
	boards, _ := leaderboard.NewRedisStore(leaderboard.RedisConfig{Client: c})
	replays, _ := replay.NewRedisStore(replay.RedisConfig{Client: c})
	h, err := api.New(api.Config{Boards: boards, Replays: replays, Clock: clock, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/api/leaderboard/bvs/wins", "/api/leaderboard/bvs/wins/player/" + pid("a"), "/api/rating/bvs/" + pid("a"), "/api/replay/r1"} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		var m map[string]any
		if err := json.Unmarshal(w.Body.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		if w.Code != 503 || m["code"] != "unavailable" || w.Header().Get("Retry-After") == "" {
			t.Errorf("%s: got %d %v, want 503 unavailable with Retry-After", path, w.Code, m)
		}
	}
}

// stalledBoards is a leaderboard store whose Top answers only when its
// context ends, as a stalled store would.
type stalledBoards struct{ leaderboard.Store }

func (stalledBoards) Top(ctx context.Context, _ leaderboard.Board, _ int) ([]leaderboard.Entry, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

// TestStoreStalled: a store that does not answer holds a request no
// longer than Config.Timeout; the answer is 503 timeout with Retry-After.
func TestStoreStalled(t *testing.T) {
	h, err := api.New(api.Config{Boards: stalledBoards{leaderboard.NewMemoryStore()}, Clock: clock, Timeout: 50 * time.Millisecond,
		Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/api/leaderboard/bvs/wins", nil)
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatalf("GET with a stalled store: %v (the request waited for the store)", err)
	}
	defer resp.Body.Close()
	var m map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&m); err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 503 || m["code"] != "timeout" || resp.Header.Get("Retry-After") != "1" {
		t.Errorf("got %d %v Retry-After %q, want 503 timeout, Retry-After 1", resp.StatusCode, m, resp.Header.Get("Retry-After"))
	}
}

func TestPlayerIDs(t *testing.T) {
	backends(t, testPlayerIDs)
}

// testPlayerIDs: the rating and board-neighbour endpoints take a guest's
// ID or a bot's and refuse every other string with 400 bad_player.
func testPlayerIDs(t *testing.T, f *fixture) {
	guest, err := session.New("Ann", now)
	if err != nil {
		t.Fatal(err)
	}
	valid := []string{guest.Player, "0123456789abcdef", "bot:0123456789ab"}
	invalid := []string{
		"0123456789ABCDEF", "0123456789abcde", "0123456789abcdef0", "0123456789abcdeg",
		"bot:0123456789AB", "bot:0123456789abcdef", "bot:", "BOT:0123456789ab",
		"%3Cscript%3E", "a%2Fb", "..%2F..%2Fetc", "%20123456789abcdef", "0123456789abcde%00",
	}
	for _, p := range valid {
		if status, m, _ := f.get(t, "GET", "/api/rating/bvs/"+p); status != 200 || m["player"] != p || m["rated"] != false {
			t.Errorf("rating of %q: got %d %v, want 200 not rated", p, status, m)
		}
		if status, m, _ := f.get(t, "GET", "/api/leaderboard/bvs/wins/player/"+p); status != 404 || m["code"] != "not_ranked" {
			t.Errorf("board place of %q: got %d %v, want 404 not_ranked", p, status, m)
		}
	}
	for _, p := range invalid {
		for _, path := range []string{"/api/rating/bvs/" + p, "/api/leaderboard/bvs/wins/player/" + p} {
			status, m, _ := f.get(t, "GET", path)
			if msg, _ := m["message"].(string); status != 400 || m["code"] != "bad_player" || !strings.Contains(msg, "16 lowercase hex digits") {
				t.Errorf("%s: got %d %v, want 400 bad_player saying what an ID is", path, status, m)
			}
		}
	}
}
