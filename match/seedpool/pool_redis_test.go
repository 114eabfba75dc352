package seedpool_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"testing"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match/seedpool"
)

// uniquePrefix keeps a test's keys apart from any other's on a shared
// Redis.
func uniquePrefix(t *testing.T) string {
	t.Helper()
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return "test:seeds:" + hex.EncodeToString(b) + ":"
}

func TestRedisPool(t *testing.T) {
	ctx := context.Background()
	p, err := seedpool.NewRedisPool(seedpool.RedisConfig{Client: redistest.Client(t), Prefix: uniquePrefix(t)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Take(ctx, "bvs"); !errors.Is(err, seedpool.ErrEmpty) {
		t.Fatalf("Take from an empty pool: got %v, want ErrEmpty", err)
	}
	for i, seed := range []uint64{1 << 63, 2, 3} {
		added, ready, err := p.Offer(ctx, "bvs", seed, 3)
		if err != nil || !added || ready != i+1 {
			t.Fatalf("Offer %d: got %v %d %v, want true %d nil", seed, added, ready, err, i+1)
		}
	}
	if added, ready, err := p.Offer(ctx, "bvs", 4, 3); err != nil || added || ready != 3 {
		t.Fatalf("Offer to a full pool: got %v %d %v, want false 3 nil", added, ready, err)
	}
	if _, _, err := p.Offer(ctx, "spider-1", 9, 3); err != nil {
		t.Fatal(err)
	}
	seed, err := p.Take(ctx, "bvs")
	if err != nil || seed != 1<<63 {
		t.Fatalf("Take: got %d %v, want %d (the first offered)", seed, err, uint64(1<<63))
	}
	stats, err := p.Stats(ctx, []string{"bvs", "spider-1", "spider-2"})
	if err != nil {
		t.Fatal(err)
	}
	want := []seedpool.Stat{{Ready: 2, Taken: 1}, {Ready: 1}, {}}
	for i := range want {
		if stats[i] != want[i] {
			t.Errorf("Stats[%d]: got %+v, want %+v", i, stats[i], want[i])
		}
	}
}

// TestRedisPoolCluster checks that each operation's keys share a hash
// slot.
func TestRedisPoolCluster(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a Redis Cluster")
	}
	ctx := context.Background()
	p, err := seedpool.NewRedisPool(seedpool.RedisConfig{Client: redistest.Cluster(t)})
	if err != nil {
		t.Fatal(err)
	}
	for _, profile := range []string{"bvs", "spider-4"} {
		if _, _, err := p.Offer(ctx, profile, 5, 2); err != nil {
			t.Fatal(err)
		}
		if seed, err := p.Take(ctx, profile); err != nil || seed != 5 {
			t.Fatalf("Take %s: got %d %v, want 5", profile, seed, err)
		}
	}
	if _, err := p.Stats(ctx, []string{"bvs", "spider-4"}); err != nil {
		t.Fatal(err)
	}
}
