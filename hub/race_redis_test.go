package hub_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/solitaire-race/racer/hub/broker"
	"github.com/solitaire-race/racer/hub/lobby"
	"github.com/solitaire-race/racer/hub/lobby/lobbytest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/broker/brokertest"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match"
)

// redisBackends builds one node's Redis store, broker and lobby on its own
// client of the shared Redis.
func redisBackends(t *testing.T, c redis.UniversalClient) hub.Config {
	t.Helper()
	store, err := match.NewRedisStore(match.RedisStoreConfig{Client: c})
	if err != nil {
		t.Fatal(err)
	}
	return hub.Config{Store: store, Broker: brokertest.NewRedis(t, broker.RedisConfig{Client: c}),
		Lobby: lobbytest.NewRedis(t, lobby.RedisConfig{Client: c}), Secret: []byte("cluster secret")}
}

// TestTwoNodesRedis is TestTwoNodes on Redis: two hubs with clients of
// their own on one Redis. Racers on different nodes are paired, see each
// other's progress, and a racer dropped from node 1 resumes on node 2 with
// nothing lost.
func TestTwoNodesRedis(t *testing.T) {
	t.Parallel()
	nodes := redistest.Nodes(t, 2)
	cfg1, cfg2 := redisBackends(t, nodes[0]), redisBackends(t, nodes[1])
	n1, n2 := newServer(t, cfg1), newServer(t, cfg2)
	raceAcrossNodes(t, n1, n2, cfg2.Store)
}

// TestRedisOutageMidRace stops Redis in the middle of a race between two
// nodes: a move is refused with "unavailable" and nothing else happens;
// once Redis is back (its append-only file kept every acknowledged move),
// the refused move is sent again and the race finishes, every move logged
// once.
func TestRedisOutageMidRace(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t, redistest.Options{Persistent: true})
	cfg1, cfg2 := redisBackends(t, srv.Client(t)), redisBackends(t, srv.Client(t))
	n1, n2 := newServer(t, cfg1), newServer(t, cfg2)

	a, wa := n1.dial(t, "Ann", client.Options{})
	b, _ := n2.dial(t, "Bob", client.Options{})
	queueBoth(t, a, b)
	ra, err := a.WaitRace(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	id := ra.Race.ID
	line := winningLine(t)
	play(t, a, id, line[:5])

	srv.Kill(t)
	seq, err := a.Move(ctxT(t), id, line[5])
	if err != nil {
		t.Fatal(err)
	}
	_, err = a.WaitAck(ctxT(t), id, seq)
	var e *client.Error
	if !errors.As(err, &e) || e.Code != wire.CodeUnavailable {
		t.Fatalf("move with Redis down: got %v, want an error %q", err, wire.CodeUnavailable)
	}

	srv.Restart(t)
	// Wait until node 2's Pub/Sub connection is back, so that Bob hears
	// the end of the race.
	probe := brokertest.Channel("probe")
	h, heard := brokertest.Collect()
	cancel, err := cfg2.Broker.Subscribe(ctxT(t), probe, h)
	for deadline := time.Now().Add(15 * time.Second); err != nil; {
		if time.Now().After(deadline) {
			t.Fatalf("node 2 cannot subscribe after the restart: %v", err)
		}
		time.Sleep(100 * time.Millisecond) // bounded by deadline
		cancel, err = cfg2.Broker.Subscribe(ctxT(t), probe, h)
	}
	defer cancel()
	for deadline, got := time.Now().Add(15*time.Second), false; !got; {
		if time.Now().After(deadline) {
			t.Fatal("node 2's subscriptions deaf 15s after the restart")
		}
		cfg1.Broker.Publish(ctxT(t), probe, []byte("p"))
		select {
		case <-heard:
			got = true
		case <-time.After(100 * time.Millisecond):
		}
	}

	if err := a.Resend(ctxT(t), id, a.Pending(id)); err != nil {
		t.Fatal(err)
	}
	if _, err := a.WaitAck(ctxT(t), id, seq); err != nil {
		t.Fatalf("move resent after the outage: %v", err)
	}
	play(t, a, id, line[6:])
	for _, c := range []*client.Client{a, b} {
		end, err := c.WaitEnd(ctxT(t), id)
		if err != nil {
			t.Fatal(err)
		}
		if end.Result.Standings[0].Player != wa.Player {
			t.Errorf("result %+v, want Ann winning", end.Result)
		}
	}
	snap, err := cfg2.Store.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(snap.Logs[wa.Player]); got != len(line) {
		t.Errorf("Ann's log has %d entries, want %d (each move once)", got, len(line))
	}
	for i, e := range snap.Logs[wa.Player] {
		if e.Seq != uint64(i+1) || e.Action != line[i] {
			t.Fatalf("entry %d = %+v, want seq %d %s", i, e, i+1, line[i])
		}
	}
}

// TestRedisStallMove freezes Redis (SIGSTOP) in the middle of a race
// between two nodes: a move sent meanwhile is answered "unavailable"
// within a second (Config.MoveTimeout), not after the client's read
// timeouts and retries. Once Redis goes on (SIGCONT), the same move resent
// with the same seq is acknowledged exactly once, whether or not the
// frozen attempt was stored when Redis woke up, and the log holds every
// move once.
func TestRedisStallMove(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t, redistest.Options{})
	cfg1, cfg2 := redisBackends(t, srv.Client(t)), redisBackends(t, srv.Client(t))
	n1, n2 := newServer(t, cfg1), newServer(t, cfg2)

	acks := &ackCounter{}
	a, wa := n1.dial(t, "Ann", client.Options{Record: acks.record})
	b, _ := n2.dial(t, "Bob", client.Options{})
	queueBoth(t, a, b)
	ra, err := a.WaitRace(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	id := ra.Race.ID
	line := winningLine(t)
	play(t, a, id, line[:5])

	srv.Pause(t)
	resumed := false
	defer func() {
		if !resumed {
			srv.Resume(t)
		}
	}()
	start := time.Now()
	seq, err := a.Move(ctxT(t), id, line[5])
	if err != nil {
		t.Fatal(err)
	}
	_, err = a.WaitAck(ctxT(t), id, seq)
	took := time.Since(start)
	var e *client.Error
	if !errors.As(err, &e) || e.Code != wire.CodeUnavailable {
		t.Fatalf("move with Redis frozen: got %v, want an error %q", err, wire.CodeUnavailable)
	}
	if e.Seq != seq || e.Race != id {
		t.Errorf("unavailable names race %q seq %d, want %q and %d", e.Race, e.Seq, id, seq)
	}
	if took >= time.Second {
		t.Errorf("move with Redis frozen answered after %v, want under 1s", took)
	}
	t.Logf("move with Redis frozen: %q after %v", e.Code, took.Round(time.Millisecond))

	srv.Resume(t)
	resumed = true
	// The frozen attempt may still run now; the resend must be applied
	// once either way. A resend that still meets a Redis catching up is
	// answered "unavailable" again and sent again, as PROTOCOL.md says.
	for try := 0; ; try++ {
		if err := a.Resend(ctxT(t), id, a.Pending(id)); err != nil {
			t.Fatal(err)
		}
		ack, err := a.WaitAck(ctxT(t), id, seq)
		if err == nil {
			t.Logf("resend after SIGCONT: ack, duplicate %v, after %d retries", ack.Duplicate, try)
			break
		}
		if !errors.As(err, &e) || e.Code != wire.CodeUnavailable || try == 20 {
			t.Fatalf("move resent after the stall: %v", err)
		}
	}
	play(t, a, id, line[6:])
	for _, c := range []*client.Client{a, b} {
		end, err := c.WaitEnd(ctxT(t), id)
		if err != nil {
			t.Fatal(err)
		}
		if end.Result.Standings[0].Player != wa.Player {
			t.Errorf("result %+v, want Ann winning", end.Result)
		}
	}
	for s := uint64(1); s <= uint64(len(line)); s++ {
		if n := acks.count(id, s); n != 1 {
			t.Errorf("seq %d acknowledged %d times, want once", s, n)
		}
	}
	snap, err := cfg2.Store.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(snap.Logs[wa.Player]); got != len(line) {
		t.Errorf("Ann's log has %d entries, want %d (each move once)", got, len(line))
	}
	for i, e := range snap.Logs[wa.Player] {
		if e.Seq != uint64(i+1) || e.Action != line[i] {
			t.Fatalf("entry %d = %+v, want seq %d %s", i, e, i+1, line[i])
		}
	}
}

// ackCounter counts the ack frames a client receives, by race and seq.
type ackCounter struct {
	mu sync.Mutex
	n  map[string]int
}

func (c *ackCounter) record(frame []byte) {
	var head struct {
		Type string `json:"type"`
		Race string `json:"race"`
		Seq  uint64 `json:"seq"`
	}
	if json.Unmarshal(frame, &head) != nil || head.Type != wire.TypeAck {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n == nil {
		c.n = make(map[string]int)
	}
	c.n[fmt.Sprintf("%s/%d", head.Race, head.Seq)]++
}

func (c *ackCounter) count(race string, seq uint64) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n[fmt.Sprintf("%s/%d", race, seq)]
}

// TestMoveEventsForOtherNodesOnly: while both racers and nothing else
// have a race loaded on one node, its moves publish no event; once a
// spectator on a second node loads the race, the moves reach it.
func TestMoveEventsForOtherNodesOnly(t *testing.T) {
	nodes := redistest.Nodes(t, 3)
	n1, n2 := newServer(t, redisBackends(t, nodes[0])), newServer(t, redisBackends(t, nodes[1]))
	a, _, wa, _, race := n1.pair(t)
	id := race.Race.ID
	ch := "race:{" + id + "}"
	ps := nodes[2].SSubscribe(ctxT(t), ch)
	t.Cleanup(func() { _ = ps.Close() })
	if _, err := ps.Receive(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	msgs := ps.Channel()
	// next returns the next payload on the channel but presence events.
	next := func() string {
		t.Helper()
		for {
			select {
			case m := <-msgs:
				if !strings.Contains(m.Payload, `"k":"presence"`) {
					return m.Payload
				}
			case <-ctxT(t).Done():
				t.Fatal("no message on the race's channel")
			}
		}
	}
	marker := func(name string) {
		t.Helper()
		if err := nodes[2].SPublish(ctxT(t), ch, name).Err(); err != nil {
			t.Fatal(err)
		}
		if got := next(); got != name {
			t.Fatalf("got %q on the race's channel, want %q (nothing before it)", got, name)
		}
	}
	line := winningLine(t)
	play(t, a, id, line[:3])
	marker("one node")

	w, _ := n2.dial(t, "Watcher", client.Options{})
	_ = w.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeWatch, Race: id})
	if _, err := w.WaitType(ctxT(t), wire.TypeWatching); err != nil {
		t.Fatal(err)
	}
	play(t, a, id, line[3:4])
	if got := next(); !strings.Contains(got, `"k":"move"`) {
		t.Fatalf("got %q on the race's channel, want Ann's fourth move", got)
	}
	if _, err := w.Wait(ctxT(t), func(m client.Message) bool {
		var p wire.ProgressMessage
		return m.Type == wire.TypeProgress && m.Decode(&p) == nil && p.Progress.Racer == wa.Player && p.Progress.Seq == 4
	}); err != nil {
		t.Fatalf("the spectator on node 2 never saw Ann's fourth move: %v", err)
	}
}
