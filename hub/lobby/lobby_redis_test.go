package lobby_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub/lobby"
	"github.com/solitaire-race/racer/hub/lobby/lobbytest"
	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match"
)

func TestRedisLobby(t *testing.T) {
	t.Parallel() // its waiting subtests overlap with the memory lobby's
	lobbytest.LobbySuite(t, func(t *testing.T) lobby.Lobby { return lobbytest.NewRedis(t, lobby.RedisConfig{}) })
}

// Players enqueue on two nodes at once: everyone is paired exactly once.
// Rooms and rematch votes are contended from both nodes too.
func TestRedisLobbyTwoNodes(t *testing.T) {
	ctx := context.Background()
	nodes := redistest.Nodes(t, 2)
	lobbies := []*lobby.Redis{
		lobbytest.NewRedis(t, lobby.RedisConfig{Client: nodes[0]}),
		lobbytest.NewRedis(t, lobby.RedisConfig{Client: nodes[1]}),
	}

	const players = 40
	queue := redistest.Unique("queue") // unique, for REDIS_URL
	var mu sync.Mutex
	paired := map[string]int{}
	var wg sync.WaitGroup
	for i := range players {
		wg.Go(func() {
			me := match.Racer{ID: fmt.Sprint("p", i), Name: "n"}
			p, ok, err := lobbies[i%2].Enqueue(ctx, queue, me, time.Minute)
			if err != nil {
				t.Error(err)
				return
			}
			if ok {
				mu.Lock()
				paired[me.ID]++
				paired[p.ID]++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if len(paired) != players {
		t.Errorf("%d players paired, want %d", len(paired), players)
	}
	for id, n := range paired {
		if n != 1 {
			t.Errorf("%s paired %d times, want once", id, n)
		}
	}

	// Members join a room from both nodes; then two starts race.
	code := redistest.Unique("room")
	if _, err := lobbies[0].CreateRoom(ctx, lobby.Room{Code: code, Host: "h", Max: lobby.MaxRoomSize, Members: []match.Racer{{ID: "h"}}}); err != nil {
		t.Fatal(err)
	}
	for i := range lobby.MaxRoomSize + 3 {
		wg.Go(func() {
			_, err := lobbies[i%2].JoinRoom(ctx, code, match.Racer{ID: fmt.Sprint("m", i)})
			if err != nil && !errors.Is(err, lobby.ErrRoomFull) {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	r, err := lobbies[1].Room(ctx, code)
	if err != nil || len(r.Members) != lobby.MaxRoomSize {
		t.Fatalf("room has %d members, %v; want %d", len(r.Members), err, lobby.MaxRoomSize)
	}
	starts := make(chan string, 2)
	for i, l := range lobbies {
		wg.Go(func() {
			if _, err := l.StartRoom(ctx, code, "h", "", fmt.Sprint("race", i)); err == nil {
				starts <- fmt.Sprint("race", i)
			} else if !errors.Is(err, lobby.ErrRoomStale) {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	close(starts)
	var won []string
	for s := range starts {
		won = append(won, s)
	}
	if r, _ := lobbies[0].Room(ctx, code); len(won) != 1 || r.Race != won[0] {
		t.Errorf("started %v, room's race %q; want exactly one start, the stored one", won, r.Race)
	}
}

// The queue's entries in Redis: an expired entry is dropped even while its
// key lives, and Touch reports it missing and leaves it as it is; Touch
// renews the entry and the key; and an entry without "exp" (queued with
// ttl 0) waits for ever.
func TestRedisLobbyQueueExpiry(t *testing.T) {
	ctx := context.Background()
	c := redistest.Client(t)
	l := lobbytest.NewRedis(t, lobby.RedisConfig{Client: c, Prefix: "qx:"})
	const q, key, ttl = "bvs", "qx:queue:{bvs}", time.Minute

	c.RPush(ctx, key, `{"id":"ghost","name":"g","exp":1}`)
	if missing, err := l.Touch(ctx, q, []string{"ghost"}, ttl); err != nil || !slices.Equal(missing, []string{"ghost"}) {
		t.Fatalf("Touch ghost: missed %q, %v; want ghost", missing, err)
	}
	if got := c.LRange(ctx, key, 0, -1).Val(); len(got) != 1 || got[0] != `{"id":"ghost","name":"g","exp":1}` {
		t.Fatalf("queue after touching the ghost: %q, want its entry unchanged", got)
	}
	if p, paired, err := l.Enqueue(ctx, q, match.Racer{ID: "b", Name: "nb"}, ttl); err != nil || paired {
		t.Fatalf("b: got %v %v %v, want waiting, the ghost dropped", p, paired, err)
	}
	entries := c.LRange(ctx, key, 0, -1).Val()
	if len(entries) != 1 || !strings.HasPrefix(entries[0], `{"id":"b","name":"nb","exp":`) {
		t.Fatalf("queue %q, want b's entry alone, with exp", entries)
	}
	pttl := c.PTTL(ctx, key).Val()
	if pttl <= ttl-10*time.Second || pttl > ttl {
		t.Errorf("queue's TTL %v, want about %v", pttl, ttl)
	}
	before := entries[0]
	c.PExpire(ctx, key, time.Second)
	time.Sleep(5 * time.Millisecond) // Redis's clock moves on
	if missing, err := l.Touch(ctx, q, []string{"b", "nobody"}, 2*ttl); err != nil || !slices.Equal(missing, []string{"nobody"}) {
		t.Fatalf("Touch b and nobody: missed %q, %v; want nobody", missing, err)
	}
	entries = c.LRange(ctx, key, 0, -1).Val()
	if len(entries) != 1 || entries[0] <= before || len(entries[0]) != len(before) {
		t.Errorf("after Touch: queue %q, want b's entry with a later exp than %q", entries, before)
	}
	if pttl := c.PTTL(ctx, key).Val(); pttl <= ttl {
		t.Errorf("queue's TTL after Touch for %v: %v, want more than %v", 2*ttl, pttl, ttl)
	}
	if ok, err := l.Dequeue(ctx, q, "b"); err != nil || !ok {
		t.Fatalf("Dequeue b: %v %v, want true", ok, err)
	}

	if _, paired, err := l.Enqueue(ctx, q, match.Racer{ID: "old", Name: "o"}, 0); err != nil || paired {
		t.Fatalf("old: got %v %v, want waiting", paired, err)
	}
	if missing, err := l.Touch(ctx, q, []string{"old"}, ttl); err != nil || len(missing) != 0 {
		t.Fatalf("Touch old: missed %q, %v; want none (an entry without exp waits)", missing, err)
	}
	if got := c.LRange(ctx, key, 0, -1).Val(); len(got) != 1 || got[0] != `{"id":"old","name":"o"}` || c.PTTL(ctx, key).Val() != -1 {
		t.Errorf("Touch changed an entry without exp: %q", got)
	}
	p, paired, err := l.Enqueue(ctx, q, match.Racer{ID: "c"}, ttl)
	if err != nil || !paired || p != (match.Racer{ID: "old", Name: "o"}) {
		t.Errorf("c: got %v %v %v, want paired with old, queued without expiry", p, paired, err)
	}
}

// Redis killed: every lobby call fails with ErrUnavailable.
func TestRedisLobbyOutage(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips the lobby with its Redis killed; CI runs it (go test without -short)")
	}
	ctx := context.Background()
	srv := redistest.Start(t, redistest.Options{})
	l := lobbytest.NewRedis(t, lobby.RedisConfig{Client: srv.Client(t)})
	srv.Kill(t)
	calls := []struct {
		name string
		call func() error
	}{
		{"Enqueue", func() error { _, _, err := l.Enqueue(ctx, "q", match.Racer{ID: "a"}, time.Minute); return err }},
		{"Dequeue", func() error { _, err := l.Dequeue(ctx, "q", "a"); return err }},
		{"Touch", func() error { _, err := l.Touch(ctx, "q", []string{"a"}, time.Minute); return err }},
		{"CreateRoom", func() error { _, err := l.CreateRoom(ctx, lobby.Room{Code: "R"}); return err }},
		{"JoinRoom", func() error { _, err := l.JoinRoom(ctx, "R", match.Racer{ID: "a"}); return err }},
		{"Room", func() error { _, err := l.Room(ctx, "R"); return err }},
		{"StartRoom", func() error { _, err := l.StartRoom(ctx, "R", "a", "", "x"); return err }},
		{"VoteRematch", func() error { _, err := l.VoteRematch(ctx, "x", "a", 2); return err }},
	}
	for _, c := range calls {
		if err := c.call(); !errors.Is(err, lobby.ErrUnavailable) {
			t.Errorf("%s with Redis down: got %v, want ErrUnavailable", c.name, err)
		}
	}
}

// TestRedisLobbyCluster runs the shared lobby suite on a Redis Cluster of
// three masters.
func TestRedisLobbyCluster(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips the lobby suite on a Redis Cluster; CI runs it (go test without -short)")
	}
	c := redistest.Cluster(t)
	lobbytest.LobbySuite(t, func(t *testing.T) lobby.Lobby { return lobbytest.NewRedis(t, lobby.RedisConfig{Client: c}) })
}
