package main

import (
	"context"
	"encoding/json"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/matchtest"
)

// startNode runs the server with args on a free loopback port until the
// test ends (no solver pool, bots nor daily warming unless args say so), and returns its base URL ("http://127.0.0.1:port/").
func startNode(t *testing.T, args ...string) string {
	t.Helper()
	_, base := startStoppableNode(t, args...)
	return base
}

// archiveFile is a SQLite archive of the test's own, for a node that
// runs beside other tests' nodes: without -archive they would all share
// the one under XDG_DATA_HOME.
func archiveFile(t *testing.T) string {
	return filepath.Join(t.TempDir(), "archive.db")
}

// startStoppableNode is startNode that also returns stop, which shuts the
// node down and waits for run to return (at the latest, the test's end
// does).
func startStoppableNode(t *testing.T, args ...string) (stop func(), base string) {
	t.Helper()
	skipWholeNodeIfShort(t)
	ctx, cancel := context.WithCancel(context.Background())
	lines := make(chan string, 1)
	done := make(chan error, 1)
	// -rated all: these tests' players are guests, and their races are
	// rated as before accounts (accounts_test.go plays signed in).
	args = append([]string{"-addr", "127.0.0.1:0", "-log-level", "error", "-shutdown-timeout", "5s", "-pool-size", "0", "-bot-after", "0", "-daily-warm=false", "-rated", "all"}, args...)
	go func() { done <- run(ctx, args, &lineWriter{line: lines}, io.Discard) }()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("run: %v", err)
				}
			case <-time.After(20 * time.Second):
				t.Error("run did not return")
			}
		})
	}
	t.Cleanup(stop)
	select {
	case line := <-lines:
		return stop, strings.TrimPrefix(line, "racer listening on ")
	case err := <-done:
		t.Fatalf("run ended: %v", err)
	case <-time.After(20 * time.Second):
		t.Fatal("no URL printed")
	}
	return stop, ""
}

// dialNode connects a player named name to the node at base.
func dialNode(t *testing.T, ctx context.Context, base, name string) (*client.Client, wire.Welcome) {
	t.Helper()
	c, err := client.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"ws", client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Drop)
	w, err := c.Hello(ctx, name, "")
	if err != nil {
		t.Fatal(err)
	}
	return c, w
}

// raceToWin pairs a (queued first) and b, then a plays line to a win (the
// nodes need -countdown 1ns, and a rate limit that lets line through); it
// returns the race as a saw it and the end b saw.
func raceToWin(t *testing.T, ctx context.Context, a, b *client.Client, line []string) (wire.RaceMessage, wire.RaceEnd) {
	t.Helper()
	if err := a.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.WaitType(ctx, wire.TypeQueued); err != nil {
		t.Fatal(err)
	}
	if err := b.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
		t.Fatal(err)
	}
	ra, err := a.WaitRace(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.WaitRace(ctx); err != nil {
		t.Fatal(err)
	}
	id := ra.Race.ID
	for _, mv := range line {
		seq, err := a.Move(ctx, id, mv)
		if err != nil {
			t.Fatalf("move %s: %v", mv, err)
		}
		if _, err := a.WaitAck(ctx, id, seq); err != nil {
			t.Fatalf("ack of %s: %v", mv, err)
		}
	}
	end, err := b.WaitEnd(ctx, id)
	if err != nil {
		t.Fatalf("the other node's racer saw no end: %v", err)
	}
	return ra, end
}

// winLine is a winning line of bvs and its seed.
func winLine() (uint64, []string) {
	seed, moves := matchtest.Winnable(games.All, "bvs")
	line := make([]string, len(moves))
	for i, m := range moves {
		line[i] = m.String()
	}
	return seed, line
}

// TestTwoNodesOnRedis runs two racer nodes on one real Redis; a player on
// each is paired across the nodes and they race to a finish.
func TestTwoNodesOnRedis(t *testing.T) {
	skipWholeNodeIfShort(t)
	// Its own nodes on a Redis of its own, no archive: it runs beside others.
	t.Parallel()
	srv := redistest.Start(t, redistest.Options{}) // skips without redis-server, fails under CI=true
	seed, line := winLine()
	args := []string{"-redis", "redis://" + srv.Addr + "/0", "-secret", "two-node-secret-0123456789",
		"-seed", itoa(seed), "-countdown", "1ns", "-rate", "10000", "-burst", "10000", "-hot-ttl", "7m"}
	n1, n2 := startNode(t, args...), startNode(t, args...)

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	a, wa := dialNode(t, ctx, n1, "Ann")
	b, _ := dialNode(t, ctx, n2, "Bob")
	_, end := raceToWin(t, ctx, a, b, line)
	if got := end.Result.Standings[0].Player; got != wa.Player {
		t.Errorf("winner %s, want Ann (%s)", got, wa.Player)
	}
	if end.Reveal.Seed != seed {
		t.Errorf("revealed seed %d, want %d", end.Reveal.Seed, seed)
	}
	for _, base := range []string{n1, n2} {
		if code, body := get(t, base+"readyz"); code != 200 {
			t.Errorf("GET %sreadyz = %d %q, want 200", base, code, body)
		}
	}
	// Results are in Redis: either node serves them.
	checkResults(t, n2, end.Race, wa.Player, len(line))
	checkResults(t, n1, end.Race, wa.Player, len(line))
	// -hot-ttl set how long the finished race's logs stay.
	ttl, err := srv.Client(t).PTTL(ctx, "racer:race:{"+end.Race+"}").Result()
	if err != nil {
		t.Fatal(err)
	}
	if ttl <= 6*time.Minute || ttl > 7*time.Minute {
		t.Errorf("the finished race's logs expire in %v, want just under the 7m of -hot-ttl", ttl)
	}
}

// TestResultsInMemory: on one node without Redis, a finished race's replay,
// rating and win are served by the API.
func TestResultsInMemory(t *testing.T) {
	seed, line := winLine()
	base := startNode(t, "-seed", itoa(seed), "-countdown", "1ns", "-rate", "10000", "-burst", "10000")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	a, wa := dialNode(t, ctx, base, "Ann")
	b, _ := dialNode(t, ctx, base, "Bob")
	_, end := raceToWin(t, ctx, a, b, line)
	checkResults(t, base, end.Race, wa.Player, len(line))
}

// checkResults asks the API at base for race's replay (winner's moves:
// moves) and finds winner on the wins board and rated.
func checkResults(t *testing.T, base, race, winner string, moves int) {
	t.Helper()
	code, body := get(t, base+"api/replay/"+race)
	if code != 200 {
		t.Fatalf("GET /api/replay/%s = %d %s, want 200", race, code, body)
	}
	var rp struct {
		Race    string                       `json:"race"`
		Actions map[string][]json.RawMessage `json:"actions"`
	}
	if err := json.Unmarshal([]byte(body), &rp); err != nil {
		t.Fatalf("replay %s: %v", body, err)
	}
	if rp.Race != race || len(rp.Actions[winner]) != moves {
		t.Errorf("replay of %q with %d actions of the winner, want %q and %d", rp.Race, len(rp.Actions[winner]), race, moves)
	}
	code, body = get(t, base+"api/leaderboard/bvs/wins?period=day")
	if code != 200 || !strings.Contains(body, `"player":"`+winner+`"`) {
		t.Errorf("GET wins board = %d %s, want %s on it", code, body, winner)
	}
	code, body = get(t, base+"api/rating/bvs/"+winner)
	if code != 200 || !strings.Contains(body, `"rated":true`) {
		t.Errorf("GET rating = %d %s, want rated", code, body)
	}
}

func TestBadRedisURL(t *testing.T) {
	err := run(context.Background(), []string{"-addr", "127.0.0.1:0", "-redis", "mysql://x"}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "-redis") {
		t.Errorf("run with a bad -redis: %v, want an error naming -redis", err)
	}
}

func itoa(n uint64) string { return strconv.FormatUint(n, 10) }

// TestReadyzFollowsRedis: /readyz turns green after the first check and
// 503 within -ready-interval + -ready-timeout once Redis stops answering.
func TestReadyzFollowsRedis(t *testing.T) {
	skipWholeNodeIfShort(t)
	t.Parallel() // a node of its own on a Redis of its own, no archive
	srv := redistest.Start(t, redistest.Options{})
	base := startNode(t, "-redis", "redis://"+srv.Addr+"/0", "-ready-interval", "50ms", "-ready-timeout", "200ms")
	if code, body := readyzUntil(t, base, 200, 5*time.Second); code != 200 {
		t.Fatalf("GET /readyz = %d %q, want 200", code, body)
	}
	srv.Kill(t)
	if code, body := readyzUntil(t, base, 503, 5*time.Second); code != 503 || !strings.Contains(body, "redis") {
		t.Errorf("GET /readyz with Redis gone = %d %q, want 503 naming redis", code, body)
	}
}

// readyzUntil asks base's /readyz until it answers want or within has
// passed, and returns the last answer.
func readyzUntil(t *testing.T, base string, want int, within time.Duration) (int, string) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		code, body := get(t, base+"readyz")
		if code == want || time.Now().After(deadline) {
			return code, body
		}
	}
}
