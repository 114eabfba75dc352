package broker_test

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/hub/broker"
	"github.com/solitaire-race/racer/hub/broker/brokertest"
	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/storetest"
)

// commandCalls returns the calls of command (lower case) that INFO
// commandstats of c counts.
func commandCalls(t *testing.T, c *redis.Client, command string) int {
	t.Helper()
	info, err := c.Info(context.Background(), "commandstats").Result()
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.SplitSeq(info, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "cmdstat_"+command+":calls="); ok {
			n, _ := strconv.Atoi(strings.SplitN(rest, ",", 2)[0])
			return n
		}
	}
	return 0
}

// channelsByMaster returns, for each master of tc, a race channel whose
// hash slot it serves.
func channelsByMaster(t *testing.T, tc *redistest.TestCluster, c *redis.ClusterClient) map[string]string {
	t.Helper()
	out := map[string]string{}
	for i := 0; len(out) < len(tc.Addrs); i++ {
		ch := fmt.Sprintf("race:{%s-%d}", brokertest.Channel("shard"), i)
		node, err := c.MasterForKey(context.Background(), ch)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := out[node.Options().Addr]; !ok {
			out[node.Options().Addr] = ch
		}
	}
	return out
}

// TestRedisClusterSharded: two nodes' brokers on a Cluster of three
// masters. A message published on one node reaches the other's
// subscribers, and costs only the master of its channel's slot: one
// SPUBLISH there, none elsewhere, and no classic PUBLISH anywhere. The
// subscribing node holds one Pub/Sub connection per master.
func TestRedisClusterSharded(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips sharded Pub/Sub on a Redis Cluster; CI runs it (go test without -short)")
	}
	ctx := context.Background()
	tc := redistest.StartCluster(t, 3)
	bA := brokertest.NewRedis(t, broker.RedisConfig{Client: tc.Client(t)})
	cB := tc.Client(t)
	bB := brokertest.NewRedis(t, broker.RedisConfig{Client: cB})
	chans := channelsByMaster(t, tc, cB)

	got := map[string]<-chan string{}
	for _, ch := range chans {
		h, g := brokertest.Collect()
		cancel, err := bB.Subscribe(ctx, ch, h)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(cancel)
		got[ch] = g
	}
	for _, addr := range tc.Addrs {
		m := tc.Master(t, addr)
		if n := pubsubClients(t, m); n != 1 {
			t.Errorf("master %s: %d Pub/Sub connections, want 1 (node B's)", addr, n)
		}
	}
	for owner, ch := range chans {
		before := map[string]int{}
		for _, addr := range tc.Addrs {
			before[addr] = commandCalls(t, tc.Master(t, addr), "spublish")
		}
		if err := bA.Publish(ctx, ch, []byte("to "+owner)); err != nil {
			t.Fatal(err)
		}
		brokertest.Expect(t, got[ch], "to "+owner)
		for _, addr := range tc.Addrs {
			want := 0
			if addr == owner {
				want = 1
			}
			if d := commandCalls(t, tc.Master(t, addr), "spublish") - before[addr]; d != want {
				t.Errorf("publishing on %s (slot of %s): master %s ran SPUBLISH %d times, want %d", ch, owner, addr, d, want)
			}
		}
	}
	for _, addr := range tc.Addrs {
		if n := commandCalls(t, tc.Master(t, addr), "publish"); n != 0 {
			t.Errorf("master %s ran a classic PUBLISH %d times, want 0", addr, n)
		}
	}
}

// TestRedisClusterSlotMoved: the slot of a subscribed channel moves to
// another master (Redis unsubscribes its subscribers there); the broker
// subscribes it again on the new master and hears what is published
// afterwards.
func TestRedisClusterSlotMoved(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips a slot migration on a Redis Cluster; CI runs it (go test without -short)")
	}
	ctx := context.Background()
	tc := redistest.StartCluster(t, 3)
	c := tc.Client(t)
	b := brokertest.NewRedis(t, broker.RedisConfig{Client: c})
	chans := channelsByMaster(t, tc, c)
	src := tc.Addrs[0]
	dst := tc.Addrs[1]
	ch := chans[src]
	h, got := brokertest.Collect()
	cancel, err := b.Subscribe(ctx, ch, h)
	if err != nil {
		t.Fatal(err)
	}
	defer cancel()
	if err := b.Publish(ctx, ch, []byte("before")); err != nil {
		t.Fatal(err)
	}
	brokertest.Expect(t, got, "before")

	slot, err := c.ClusterKeySlot(ctx, ch).Result()
	if err != nil {
		t.Fatal(err)
	}
	srcC, dstC := tc.Master(t, src), tc.Master(t, dst)
	srcID, err := srcC.Do(ctx, "CLUSTER", "MYID").Text()
	if err != nil {
		t.Fatal(err)
	}
	dstID, err := dstC.Do(ctx, "CLUSTER", "MYID").Text()
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range []struct {
		c    *redis.Client
		args []any
	}{
		{dstC, []any{"CLUSTER", "SETSLOT", slot, "IMPORTING", srcID}},
		{srcC, []any{"CLUSTER", "SETSLOT", slot, "MIGRATING", dstID}},
		{dstC, []any{"CLUSTER", "SETSLOT", slot, "NODE", dstID}},
		{srcC, []any{"CLUSTER", "SETSLOT", slot, "NODE", dstID}},
	} {
		if err := step.c.Do(ctx, step.args...).Err(); err != nil {
			t.Fatalf("%v: %v", step.args, err)
		}
	}
	// Publish until the new master's subscriber hears: the broker
	// follows the move within its retries.
	deadline := time.Now().Add(15 * time.Second)
	for heard := false; !heard; {
		if time.Now().After(deadline) {
			t.Fatal("subscriber deaf 15s after its channel's slot moved")
		}
		err := b.Publish(ctx, ch, []byte("after"))
		if err != nil && !errors.Is(err, broker.ErrUnavailable) {
			t.Logf("publish while the slot moves: %v", err)
		}
		select {
		case m := <-got:
			heard = m == "after"
		case <-time.After(100 * time.Millisecond):
		}
	}
	if n, err := dstC.Do(ctx, "PUBSUB", "SHARDNUMSUB", ch).Slice(); err != nil || len(n) != 2 || n[1] != int64(1) {
		t.Errorf("PUBSUB SHARDNUMSUB %s on the new master: %v, %v; want 1 subscriber", ch, n, err)
	}
}

// TestRedisWithoutShardedPubSub: a Redis that has no SSUBSCRIBE or
// SPUBLISH (here renamed away, as before Redis 7.0) fails Subscribe and
// Publish with ErrOldRedis, at once, not after retries.
func TestRedisWithoutShardedPubSub(t *testing.T) {
	srv := redistest.StartArgs(t, "--rename-command", "SSUBSCRIBE", "", "--rename-command", "SPUBLISH", "")
	b := brokertest.NewRedis(t, broker.RedisConfig{Client: srv.Client(t)})
	ctx := context.Background()
	start := time.Now()
	if _, err := b.Subscribe(ctx, "race:{old}", func([]byte) {}); !errors.Is(err, broker.ErrOldRedis) {
		t.Errorf("Subscribe: got %v, want ErrOldRedis", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Subscribe took %v to fail, want no retries", d)
	}
	if err := b.Publish(ctx, "race:{old}", []byte("x")); !errors.Is(err, broker.ErrOldRedis) {
		t.Errorf("Publish: got %v, want ErrOldRedis", err)
	}
}

// TestRedisClusterStorePublishes: on a Cluster, a move appended by one
// node's store is published by the append script on the race's sharded
// channel, on the master of the race's keys, and heard by another node's
// broker.
func TestRedisClusterStorePublishes(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips the store's publish on a Redis Cluster; CI runs it (go test without -short)")
	}
	ctx := context.Background()
	tc := redistest.StartCluster(t, 3)
	cA := tc.Client(t)
	storeA, err := match.NewRedisStore(match.RedisStoreConfig{Client: cA})
	if err != nil {
		t.Fatal(err)
	}
	bB := brokertest.NewRedis(t, broker.RedisConfig{Client: tc.Client(t)})
	r, err := storeA.CreateRace(ctx, storetest.NewRace(t, "a", "b"))
	if err != nil {
		t.Fatal(err)
	}
	channel := "race:{" + r.ID + "}"
	h, got := brokertest.Collect()
	cancel, err := bB.Subscribe(ctx, channel, h)
	if err != nil {
		t.Fatal(err)
	}
	defer cancel()
	e, err := storeA.Join(ctx, r.ID, "a")
	if err != nil {
		t.Fatal(err)
	}
	owner, err := cA.MasterForKey(ctx, channel)
	if err != nil {
		t.Fatal(err)
	}
	before := commandCalls(t, tc.Master(t, owner.Options().Addr), "spublish")
	for i, ev := range []string{"move 1", "move 2"} {
		if _, err := storeA.Append(ctx, match.Append{Race: r.ID, Racer: "a", Seq: uint64(i + 1), Epoch: e, Action: "D", Channel: channel, Event: []byte(ev)}); err != nil {
			t.Fatal(err)
		}
	}
	brokertest.Expect(t, got, "move 1", "move 2")
	if d := commandCalls(t, tc.Master(t, owner.Options().Addr), "spublish") - before; d != 2 {
		t.Errorf("the race's master ran SPUBLISH %d times for 2 appends, want 2", d)
	}
}
