package broker_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/hub/broker"
	"github.com/solitaire-race/racer/hub/broker/brokertest"
	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/storetest"
)

func TestRedisBroker(t *testing.T) {
	brokertest.BrokerSuite(t, func(t *testing.T) broker.Broker { return brokertest.NewRedis(t, broker.RedisConfig{}) })
}

func TestRedisPresence(t *testing.T) {
	t.Parallel() // waits out a 100 ms TTL beside the other tests
	brokertest.PresenceSuite(t, func(t *testing.T) broker.Presence { return brokertest.NewRedis(t, broker.RedisConfig{}) })
}

func TestRedisNodes(t *testing.T) {
	t.Parallel() // waits out a 100 ms TTL beside the other tests
	brokertest.NodesSuite(t, func(t *testing.T) broker.Nodes {
		// A prefix of its own: the nodes' key is one per prefix.
		return brokertest.NewRedis(t, broker.RedisConfig{Prefix: brokertest.Channel("nodes") + ":"})
	})
}

// collect returns a handler that forwards payloads to a buffered channel.
// Two nodes on one Redis: a move appended by node A's store is heard by a
// subscriber on node B, and each node's broker reaches the other's
// subscribers.
func TestRedisCrossNode(t *testing.T) {
	ctx := context.Background()
	nodes := redistest.Nodes(t, 2)
	storeA, err := match.NewRedisStore(match.RedisStoreConfig{Client: nodes[0]})
	if err != nil {
		t.Fatal(err)
	}
	brokerA := brokertest.NewRedis(t, broker.RedisConfig{Client: nodes[0]})
	brokerB := brokertest.NewRedis(t, broker.RedisConfig{Client: nodes[1]})

	r, err := storeA.CreateRace(ctx, storetest.NewRace(t, "a", "b"))
	if err != nil {
		t.Fatal(err)
	}
	channel := "race:{" + r.ID + "}"
	hB, gotB := brokertest.Collect()
	cancelB, err := brokerB.Subscribe(ctx, channel, hB)
	if err != nil {
		t.Fatal(err)
	}
	defer cancelB()
	hA, gotA := brokertest.Collect()
	cancelA, err := brokerA.Subscribe(ctx, channel, hA)
	if err != nil {
		t.Fatal(err)
	}
	defer cancelA()

	e, err := storeA.Join(ctx, r.ID, "a")
	if err != nil {
		t.Fatal(err)
	}
	for i, ev := range []string{"move 1", "move 2"} {
		if _, err := storeA.Append(ctx, match.Append{Race: r.ID, Racer: "a", Seq: uint64(i + 1), Epoch: e, Action: "D", Channel: channel, Event: []byte(ev)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := brokerB.Publish(ctx, channel, []byte("from b")); err != nil {
		t.Fatal(err)
	}
	brokertest.Expect(t, gotB, "move 1", "move 2", "from b")
	brokertest.Expect(t, gotA, "move 1", "move 2", "from b")

	if err := brokerA.SetPresence(ctx, channel, "a", []byte("node-a"), time.Minute); err != nil {
		t.Fatal(err)
	}
	if p, err := brokerB.Presence(ctx, channel); err != nil || string(p["a"]) != "node-a" {
		t.Errorf("node b sees presence %q, %v; want a: node-a", p, err)
	}
}

// pubsubClients counts the connections in Pub/Sub mode.
func pubsubClients(t *testing.T, c redis.UniversalClient) int {
	t.Helper()
	list, err := c.ClientList(context.Background()).Result()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for line := range strings.SplitSeq(list, "\n") {
		if strings.Contains(line, "flags=P") {
			n++
		}
	}
	return n
}

func redisChannels(t *testing.T, c redis.UniversalClient, pattern string) []string {
	t.Helper()
	chans, err := c.PubSubShardChannels(context.Background(), pattern).Result()
	if err != nil {
		t.Fatal(err)
	}
	return chans
}

// Many subscriptions share the node's one Pub/Sub connection, channels
// leave Redis with their last subscriber, and Shutdown leaves no goroutine
// behind.
func TestRedisBrokerOneConnectionNoLeak(t *testing.T) {
	ctx := context.Background()
	c := redistest.Client(t)
	before := runtime.NumGoroutine()
	b, err := broker.NewRedis(broker.RedisConfig{Client: c})
	if err != nil {
		t.Fatal(err)
	}
	prefix := brokertest.Channel("leak")
	var cancels []func()
	for i := range 50 {
		h, _ := brokertest.Collect()
		for range 2 { // two subscribers per channel
			cancel, err := b.Subscribe(ctx, fmt.Sprintf("%s:%d", prefix, i), h)
			if err != nil {
				t.Fatal(err)
			}
			cancels = append(cancels, cancel)
		}
	}
	if got := len(redisChannels(t, c, prefix+":*")); got != 50 {
		t.Errorf("Redis has %d channels subscribed, want 50", got)
	}
	if got := pubsubClients(t, c); got != 1 {
		t.Errorf("%d Pub/Sub connections, want 1", got)
	}
	for _, cancel := range cancels {
		cancel()
	}
	deadline := time.Now().Add(brokertest.Wait)
	for len(redisChannels(t, c, prefix+":*")) > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("channels still subscribed in Redis %v after every cancel", brokertest.Wait)
		}
		time.Sleep(10 * time.Millisecond) // bounded by deadline
	}
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := b.Shutdown(sctx); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Subscribe(ctx, prefix, func([]byte) {}); !errors.Is(err, broker.ErrUnavailable) {
		t.Errorf("Subscribe after Shutdown: got %v, want ErrUnavailable", err)
	}
	for deadline := time.Now().Add(brokertest.Wait); runtime.NumGoroutine() > before; {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines after Shutdown, %d before the broker", runtime.NumGoroutine(), before)
		}
		time.Sleep(10 * time.Millisecond) // bounded by deadline
	}
}

// Subscribers come and go on one channel from many goroutines; each
// Subscribe that returned receives what is published afterwards.
func TestRedisBrokerChurn(t *testing.T) {
	ctx := context.Background()
	b := brokertest.NewRedis(t, broker.RedisConfig{})
	ch := brokertest.Channel("churn")
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 20 {
				h, got := brokertest.Collect()
				cancel, err := b.Subscribe(ctx, ch, h)
				if err != nil {
					t.Error(err)
					return
				}
				msg := fmt.Sprintf("%d-%d", g, i)
				if err := b.Publish(ctx, ch, []byte(msg)); err != nil {
					t.Error(err)
				}
				found := false
				for !found {
					select {
					case m := <-got:
						found = m == msg
					case <-time.After(brokertest.Wait):
						t.Errorf("subscriber %s missed its own message", msg)
						found = true
					}
				}
				cancel()
			}
		})
	}
	wg.Wait()
}

// Redis killed: Publish, Subscribe and presence fail with
// ErrUnavailable; once Redis is back, subscriptions made before the
// outage are told of the gap (a nil payload) and deliver again, and new
// ones work.
func TestRedisBrokerOutage(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips the broker through a Redis restart; CI runs it (go test without -short)")
	}
	ctx := context.Background()
	srv := redistest.Start(t, redistest.Options{})
	b := brokertest.NewRedis(t, broker.RedisConfig{Client: srv.Client(t), SubscribeTimeout: 500 * time.Millisecond})
	ch := brokertest.Channel("outage")
	h, got := brokertest.Collect()
	gaps := make(chan struct{}, 16)
	cancel, err := b.Subscribe(ctx, ch, func(data []byte) {
		if data == nil {
			gaps <- struct{}{}
			return
		}
		h(data)
	})
	if err != nil {
		t.Fatal(err)
	}
	defer cancel()

	srv.Kill(t)
	calls := []struct {
		name string
		call func() error
	}{
		{"Publish", func() error { return b.Publish(ctx, ch, []byte("lost")) }},
		{"Subscribe", func() error { _, err := b.Subscribe(ctx, ch+":new", func([]byte) {}); return err }},
		{"SetPresence", func() error { return b.SetPresence(ctx, ch, "a", nil, time.Minute) }},
		{"Presence", func() error { _, err := b.Presence(ctx, ch); return err }},
		{"RemovePresence", func() error { return b.RemovePresence(ctx, ch, "a") }},
	}
	for _, c := range calls {
		if err := c.call(); !errors.Is(err, broker.ErrUnavailable) {
			t.Errorf("%s with Redis down: got %v, want ErrUnavailable", c.name, err)
		}
	}

	srv.Restart(t)
	// The old subscription comes back when go-redis reconnects (its
	// health check runs every second here): publish until it hears.
	deadline := time.Now().Add(15 * time.Second)
	for heard := false; !heard; {
		if time.Now().After(deadline) {
			t.Fatal("subscription made before the outage deaf 15s after Redis came back")
		}
		b.Publish(ctx, ch, []byte("back")) // errors while reconnecting
		select {
		case <-got:
			heard = true
		case <-time.After(100 * time.Millisecond):
		}
	}
	// Subscribed again, the handler was told that it may have missed
	// what was published while Redis was down: once.
	select {
	case <-gaps:
	case <-time.After(5 * time.Second):
		t.Fatal("no gap signalled (a nil payload) after the subscription came back")
	}
	if len(gaps) != 0 {
		t.Errorf("%d more gaps signalled, want one", len(gaps))
	}
	h2, got2 := brokertest.Collect()
	cancel2, err := b.Subscribe(ctx, ch+":new", h2)
	if err != nil {
		t.Fatalf("Subscribe after the outage: %v", err)
	}
	defer cancel2()
	if err := b.Publish(ctx, ch+":new", []byte("new")); err != nil {
		t.Fatal(err)
	}
	brokertest.Expect(t, got2, "new")
}

// TestRedisCluster runs the shared broker and presence suites on a
// Redis Cluster of three masters.
func TestRedisCluster(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips the broker and presence suites on a Redis Cluster; CI runs it (go test without -short)")
	}
	c := redistest.Cluster(t)
	t.Run("Broker", func(t *testing.T) {
		brokertest.BrokerSuite(t, func(t *testing.T) broker.Broker { return brokertest.NewRedis(t, broker.RedisConfig{Client: c}) })
	})
	t.Run("Presence", func(t *testing.T) {
		brokertest.PresenceSuite(t, func(t *testing.T) broker.Presence { return brokertest.NewRedis(t, broker.RedisConfig{Client: c}) })
	})
}

// ExampleNewRedis builds a node's Redis broker, which is its presence
// too, on the client that its match.RedisStore uses, and shuts it down at
// the end.
func ExampleNewRedis() {
	client := redis.NewClient(&redis.Options{Addr: "127.0.0.1:6379", ContextTimeoutEnabled: true})
	defer client.Close()
	b, err := broker.NewRedis(broker.RedisConfig{Client: client, Registerer: prometheus.NewRegistry()})
	if err != nil {
		panic(err)
	}
	defer b.Shutdown(context.Background())
	var _ broker.Presence = b
}
