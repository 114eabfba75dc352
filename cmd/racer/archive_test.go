package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/archive/archivetest"
	"github.com/solitaire-race/racer/match/game/games"
)

func TestArchiveURL(t *testing.T) {
	for _, tc := range []struct {
		archive, redis, want string
	}{
		{"", "", archive.DefaultPath()},
		{"off", "", ""},
		{"", "redis://x", ""},
		{"off", "redis://x", ""},
		{"postgres://db/racer", "redis://x", "postgres://db/racer"},
		{"/var/lib/racer/a.db", "", "/var/lib/racer/a.db"},
	} {
		if got := archiveURL(options{archive: tc.archive, redis: tc.redis}); got != tc.want {
			t.Errorf("archive %q, redis %q: got %q, want %q", tc.archive, tc.redis, got, tc.want)
		}
	}
}

// history is what a node shows of finished races: the replays, a
// player's rating, rating history and page, and the wins boards.
type history struct {
	replays map[string]string
	rating  ratingView
	updated time.Time
	wins    string // the all-time wins board
	day     string // today's wins board
	points  []struct {
		Rating float64 `json:"rating"`
		Race   string  `json:"race"`
	}
	recent []struct {
		Race         string   `json:"race"`
		Outcome      string   `json:"outcome"`
		RatingBefore *float64 `json:"rating_before"`
		RatingAfter  *float64 `json:"rating_after"`
	}
}

// readHistory reads the history of races as winner (who won them all)
// sees it on the node at base.
func readHistory(t *testing.T, base, winner string, races []string) history {
	t.Helper()
	h := history{replays: map[string]string{}}
	for _, r := range races {
		code, body := get(t, base+"api/replay/"+r)
		if code != 200 {
			t.Errorf("GET /api/replay/%s: got %d %s, want 200", r, code, body)
		}
		h.replays[r] = body
	}
	var rv struct {
		ratingView
		Updated time.Time `json:"updated"`
	}
	if code, body, err := fetchJSON(t.Context(), base+"api/rating/bvs/"+winner, &rv); code != 200 || err != nil {
		t.Errorf("GET rating: got %d %s %v", code, body, err)
	}
	h.rating, h.updated = rv.ratingView, rv.Updated
	_, h.wins = get(t, base+"api/leaderboard/bvs/wins?period=all")
	_, h.day = get(t, base+"api/leaderboard/bvs/wins?period=day")
	var hist struct {
		Points any `json:"points"`
	}
	var page struct {
		Recent any `json:"recent"`
	}
	if code, body, err := fetchJSON(t.Context(), base+"api/players/"+winner+"/history/bvs", &hist); code != 200 || err != nil {
		t.Errorf("GET history: got %d %s %v", code, body, err)
	}
	if code, body, err := fetchJSON(t.Context(), base+"api/players/"+winner, &page); code != 200 || err != nil {
		t.Errorf("GET player: got %d %s %v", code, body, err)
	}
	b, _ := json.Marshal(hist.Points)
	_ = json.Unmarshal(b, &h.points)
	b, _ = json.Marshal(page.Recent)
	_ = json.Unmarshal(b, &h.recent)
	return h
}

// checkHistory compares the history a node shows after a restart, got,
// with the one it showed before, want, and checks the rating history and
// the player's page hold every race, the latest first, rated.
func checkHistory(t *testing.T, got, want history, races []string) {
	t.Helper()
	for r, body := range want.replays {
		if got.replays[r] != body {
			t.Errorf("replay %s: got\n%s\nwant the one served before\n%s", r, got.replays[r], body)
		}
	}
	if got.rating != want.rating || !want.rating.Rated || got.updated.Sub(want.updated).Abs() >= time.Millisecond {
		t.Errorf("got rating %+v at %v, want %+v at %v", got.rating, got.updated, want.rating, want.updated)
	}
	if got.wins != want.wins || got.day != want.day || !strings.Contains(want.wins, `"score":`+strconv.Itoa(len(races))) {
		t.Errorf("got wins boards\n%s%s\nwant\n%s%s", got.wins, got.day, want.wins, want.day)
	}
	if len(got.points) != len(races) || got.points[len(races)-1].Rating != want.rating.Rating {
		t.Errorf("got rating history %+v, want %d points ending at %v", got.points, len(races), want.rating.Rating)
	}
	if len(got.recent) != len(races) {
		t.Fatalf("got recent races %+v, want %d", got.recent, len(races))
	}
	for i, r := range got.recent {
		if want := races[len(races)-1-i]; r.Race != want || r.Outcome != "won" || r.RatingBefore == nil || r.RatingAfter == nil {
			t.Errorf("recent race %d: got %+v, want %s won and rated", i, r, want)
		}
	}
}

// A single node on its defaults keeps its history in the SQLite file
// under XDG_DATA_HOME: stopped and started again, it serves the same
// replays, rating and wins boards, and the rating history and player
// page of the races played before.
func TestRestartKeepsHistory(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	seed, line := winLine()
	args := []string{"-seed", itoa(seed), "-countdown", "1ns", "-rate", "10000", "-burst", "10000"}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()

	stop, base := startStoppableNode(t, args...)
	a, wa := dialNode(t, ctx, base, "Ann")
	b, _ := dialNode(t, ctx, base, "Bob")
	var races []string
	for range 2 {
		_, end := raceToWin(t, ctx, a, b, line)
		races = append(races, end.Race)
	}
	checkResults(t, base, races[1], wa.Player, len(line))
	before := readHistory(t, base, wa.Player, races)
	analysed := waitAnalysed(t, ctx, base, races[1])
	a.Drop()
	b.Drop()
	stop()
	if _, err := os.Stat(filepath.Join(os.Getenv("XDG_DATA_HOME"), "racer", "archive.db")); err != nil {
		t.Fatalf("got %v, want the archive at the documented default", err)
	}

	_, base = startStoppableNode(t, args...)
	checkHistory(t, readHistory(t, base, wa.Player, races), before, races)
	// The analyses too, from the archive: the node's memory lost them.
	if code, after := get(t, base+"api/analysis/"+races[1]); code != 200 || after != analysed {
		t.Errorf("after a restart: got %d\n%s\nwant 200 and the analysis served before\n%s", code, after, analysed)
	}
}

// A single node SIGKILLed after a race ended and before it was archived
// (its archiver off: the race waits in the outbox, in the SQLite file)
// loses nothing: started again, it archives the race, with its rating
// changes, and serves the history it served before.
func TestKilledNodeKeepsHistory(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills a racer process")
	}
	path := filepath.Join(t.TempDir(), "archive.db")
	bin := buildRacerBinary(t)
	seed, line := winLine()
	args := []string{"-seed", itoa(seed), "-countdown", "1ns", "-rate", "10000", "-burst", "10000",
		"-pool-size", "0", "-bot-after", "0", "-daily-warm=false", "-archive", path}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()

	n1 := startRacerProc(t, bin, "n1", append(args, "-archiver=false")...)
	a, wa := dialNode(t, ctx, n1.base, "Ann")
	b, _ := dialNode(t, ctx, n1.base, "Bob")
	_, end := raceToWin(t, ctx, a, b, line)
	races := []string{end.Race}
	before := readHistory(t, n1.base, wa.Player, nil)
	before.replays[end.Race] = get2(t, n1.base+"api/replay/"+end.Race)

	arc, err := archive.Open(ctx, path, games.All)
	if err != nil {
		t.Fatal(err)
	}
	var queued, archived int
	if err := arc.DB().QueryRowContext(ctx, "SELECT COUNT(*) FROM archive_outbox WHERE race = $1", end.Race).Scan(&queued); err != nil {
		t.Fatal(err)
	}
	if has, err := arc.Has(ctx, end.Race); err != nil || has {
		t.Fatalf("got archived %v, %v before the kill, want the race only queued", has, err)
	}
	if queued == 0 {
		t.Fatal("the race is not in the outbox when its end is seen")
	}
	_ = arc.Close()
	a.Drop()
	b.Drop()
	n1.kill(t)

	n2 := startRacerProc(t, bin, "n2", args...)
	checkHistory(t, readHistory(t, n2.base, wa.Player, races), before, races)
	if arc, err = archive.Open(ctx, path, games.All); err != nil {
		t.Fatal(err)
	}
	defer arc.Close()
	if err := arc.DB().QueryRowContext(ctx, "SELECT COUNT(*) FROM archive_races WHERE id = $1", end.Race).Scan(&archived); err != nil || archived != 1 {
		t.Errorf("got %d rows, %v, want the race archived once", archived, err)
	}
	if err := arc.DB().QueryRowContext(ctx, "SELECT COUNT(*) FROM archive_outbox").Scan(&queued); err != nil || queued != 0 {
		t.Errorf("got %d races in the outbox, %v, want none", queued, err)
	}
}

// get2 GETs url and returns its body, failing t on a status other than
// 200.
func get2(t *testing.T, url string) string {
	t.Helper()
	code, body := get(t, url)
	if code != 200 {
		t.Fatalf("GET %s: got %d %s, want 200", url, code, body)
	}
	return body
}

// waitAnalysed waits until GET /api/analysis/{race} of the node at base
// has every racer's analysis done, and returns that answer.
func waitAnalysed(t *testing.T, ctx context.Context, base, race string) string {
	t.Helper()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		code, body := get(t, base+"api/analysis/"+race)
		if code == 200 && !strings.Contains(body, `"pending"`) {
			return body
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			t.Fatalf("the race's analysis stayed %d %s", code, body)
		}
	}
}

// Two nodes on one Redis archive into one PostgreSQL: a finished race is
// archived once, its replay is no longer kept in Redis, its hot keys
// expire within -archived-ttl, and both nodes serve its replay.
func TestArchiveOnRedis(t *testing.T) {
	skipWholeNodeIfShort(t)
	// Its own nodes, Redis and PostgreSQL schema: it runs beside others.
	t.Parallel()
	srv := redistest.Start(t, redistest.Options{}) // skips without redis-server, fails under CI=true
	pg := archivetest.PostgresURL(t)               // skips without PostgreSQL, fails under CI=true
	seed, line := winLine()
	args := []string{"-redis", "redis://" + srv.Addr + "/0", "-secret", "archive-secret-0123456789",
		"-seed", itoa(seed), "-countdown", "1ns", "-rate", "10000", "-burst", "10000",
		"-archive", pg, "-archived-ttl", "2m"}
	n1, n2 := startNode(t, args...), startNode(t, args...)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	a, wa := dialNode(t, ctx, n1, "Ann")
	b, _ := dialNode(t, ctx, n2, "Bob")
	_, end := raceToWin(t, ctx, a, b, line)

	arc, err := archive.Open(ctx, pg, games.All)
	if err != nil {
		t.Fatal(err)
	}
	defer arc.Close()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		if _, err := arc.Load(ctx, end.Race); err == nil {
			break
		} else if !errors.Is(err, archive.ErrNotFound) {
			t.Fatal(err)
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			t.Fatal("the race was never archived")
		}
	}
	var n int
	if err := arc.DB().QueryRowContext(ctx, "SELECT COUNT(*) FROM archive_races WHERE id = $1", end.Race).Scan(&n); err != nil || n != 1 {
		t.Errorf("got %d rows, %v, want the race archived once", n, err)
	}
	rdb := srv.Client(t)
	keys, err := rdb.Keys(ctx, "racer:replay:*").Result()
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		// The analyses of the race's games stay in Redis, for -hot-ttl.
		if !strings.HasPrefix(k, "racer:replay:analysis:") {
			t.Errorf("replay key %s in Redis, want none but analyses", k)
		} else if ttl, err := rdb.PTTL(ctx, k).Result(); err != nil || ttl <= 0 {
			t.Errorf("analysis key %s: TTL %v, %v; want one (-hot-ttl)", k, ttl, err)
		}
	}
	// The hot keys are shortened right after the race leaves the outbox.
	for {
		ttl, err := rdb.PTTL(ctx, "racer:race:{"+end.Race+"}:result").Result()
		if err != nil {
			t.Fatal(err)
		}
		if ttl > 0 && ttl <= 2*time.Minute {
			break
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			t.Fatalf("the result's TTL stayed %v, want at most -archived-ttl (2m)", ttl)
		}
	}
	// The race's rating changes follow it into the outbox and out again.
	for {
		n, err := rdb.XLen(ctx, "racer:{archive}:outbox").Result()
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			t.Fatalf("got %d entries in the outbox, want none", n)
		}
	}
	checkResults(t, n1, end.Race, wa.Player, len(line))
	checkResults(t, n2, end.Race, wa.Player, len(line))
	// Both racers' analyses reach the archive.
	waitAnalysed(t, ctx, n2, end.Race)
	for {
		got, err := arc.LoadAnalyses(ctx, end.Race)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) == 2 {
			break
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			t.Fatalf("the archive holds %d analyses, want both racers'", len(got))
		}
	}
	// Their copy in Redis lives -archived-ttl from then, like the race's.
	for {
		ttl, err := rdb.PTTL(ctx, "racer:replay:analysis:{"+end.Race+"}").Result()
		if err != nil {
			t.Fatal(err)
		}
		if ttl > 0 && ttl <= 2*time.Minute {
			break
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			t.Fatalf("the analyses' TTL stayed %v, want at most -archived-ttl (2m)", ttl)
		}
	}
}

// TestArchivedTTLAtMostHotTTL: -archived-ttl is never longer than
// -hot-ttl. With -hot-ttl shorter, an archived race's result (kept for
// good until the race is archived) expires within -hot-ttl of its
// archiving, not -archived-ttl.
func TestArchivedTTLAtMostHotTTL(t *testing.T) {
	skipWholeNodeIfShort(t)
	// Its own node, Redis and SQLite archive: it runs beside others.
	t.Parallel()
	srv := redistest.Start(t, redistest.Options{}) // skips without redis-server, fails under CI=true
	seed, line := winLine()
	const hot = 10 * time.Second
	base := startNode(t, "-redis", "redis://"+srv.Addr+"/0", "-secret", "archived-ttl-secret-0123456789",
		"-seed", itoa(seed), "-countdown", "1ns", "-rate", "10000", "-burst", "10000", "-analysis-workers", "0",
		"-archive", archiveFile(t), "-hot-ttl", hot.String(), "-archived-ttl", "5m")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	a, _ := dialNode(t, ctx, base, "Ann")
	b, _ := dialNode(t, ctx, base, "Bob")
	_, end := raceToWin(t, ctx, a, b, line)

	// The result has no TTL until the race is archived.
	rdb := srv.Client(t)
	key := "racer:race:{" + end.Race + "}:result"
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		ttl, err := rdb.PTTL(ctx, key).Result()
		if err != nil {
			t.Fatal(err)
		}
		if ttl == -2 {
			break // archived and already expired: within -hot-ttl
		}
		if ttl != -1 {
			if ttl > hot {
				t.Fatalf("the archived race's result expires in %v, want at most -hot-ttl (%v)", ttl, hot)
			}
			break
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			t.Fatal("the result never got a TTL: the race was never archived")
		}
	}
}
