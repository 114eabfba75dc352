package redistest_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/solitaire-race/racer/internal/redistest"
)

func TestClient(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a, b := redistest.Client(t), redistest.Client(t)
	if err := a.Set(ctx, "k", "a", 0).Err(); err != nil {
		t.Fatal(err)
	}
	if got, err := a.Get(ctx, "k").Result(); err != nil || got != "a" {
		t.Fatalf("GET k = %q, %v; want a", got, err)
	}
	if os.Getenv("REDIS_URL") == "" {
		if err := b.Get(ctx, "k").Err(); !errors.Is(err, redis.Nil) {
			t.Errorf("second client's GET k: got %v, want redis.Nil (a database of its own)", err)
		}
	}
}

func TestServerKillRestart(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := redistest.Start(t, redistest.Options{Persistent: true})
	c := s.Client(t)
	if err := c.Set(ctx, "k", "v", 0).Err(); err != nil {
		t.Fatal(err)
	}
	s.Kill(t)
	if err := c.Ping(ctx).Err(); err == nil {
		t.Fatal("PING of a killed server succeeded")
	}
	s.Restart(t)
	got, err := c.Get(ctx, "k").Result()
	if err != nil || got != "v" {
		t.Fatalf("after restart GET k = %q, %v; want v", got, err)
	}
}

func TestServerPause(t *testing.T) {
	t.Parallel()
	s := redistest.Start(t, redistest.Options{})
	c := s.Client(t)
	if err := c.Ping(context.Background()).Err(); err != nil {
		t.Fatal(err)
	}
	s.Pause(t)
	// A paused server never answers: the deadline bounds the wait for
	// the PING to fail, shorter under -short.
	wait := 200 * time.Millisecond
	if testing.Short() {
		wait = 50 * time.Millisecond
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	err := c.Ping(ctx).Err()
	cancel()
	if err == nil {
		t.Fatal("PING of a paused server succeeded")
	}
	s.Resume(t)
	if err := c.Ping(context.Background()).Err(); err != nil {
		t.Fatalf("PING after resume: %v", err)
	}
}

func TestCluster(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips starting a Redis Cluster; CI runs it (go test without -short)")
	}
	ctx := context.Background()
	c := redistest.Cluster(t)
	slots, err := c.ClusterSlots(ctx).Result()
	if err != nil || len(slots) != redistest.ClusterNodes {
		t.Fatalf("CLUSTER SLOTS: %d ranges, %v; want %d", len(slots), err, redistest.ClusterNodes)
	}
	// Keys in different slots land on different masters; one key each.
	for i := range 20 {
		k := fmt.Sprintf("k%d", i)
		if err := c.Set(ctx, k, i, 0).Err(); err != nil {
			t.Fatalf("SET %s: %v", k, err)
		}
	}
	if err := c.MSet(ctx, "a", 1, "b", 2).Err(); err == nil {
		t.Errorf("MSET across slots succeeded, want CROSSSLOT (is it a cluster?)")
	}
	if err := c.MSet(ctx, "{x}a", 1, "{x}b", 2).Err(); err != nil {
		t.Errorf("MSET in one slot: %v", err)
	}
}
