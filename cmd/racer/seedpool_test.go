package main

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match/seedpool"
)

// TestNodesDealFromTheDealer: two nodes with -dealer redis deal races
// from the seeds a dealer keeps in Redis, each seed once; with none
// left, a race takes a random seed, not solver-checked.
func TestNodesDealFromTheDealer(t *testing.T) {
	skipWholeNodeIfShort(t)
	srv := redistest.Start(t, redistest.Options{})
	rdb := redis.NewClient(&redis.Options{Addr: srv.Addr})
	t.Cleanup(func() { rdb.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	pool, err := seedpool.NewRedisPool(seedpool.RedisConfig{Client: rdb})
	if err != nil {
		t.Fatal(err)
	}
	// The seeds a dealer proved (their proof is the dealer's business:
	// match/seedpool's tests run a real one).
	for _, s := range []uint64{101, 102} {
		if _, _, err := pool.Offer(ctx, "bvs", s, 2); err != nil {
			t.Fatal(err)
		}
	}
	args := []string{"-redis", "redis://" + srv.Addr + "/0", "-dealer", "redis", "-pool-size", "32", "-countdown", "1ns"}
	nodes := []string{startNode(t, args...), startNode(t, args...)}
	for i := range 3 {
		base := nodes[i%2]
		a, _ := dialNode(t, ctx, base, "Ann")
		b, _ := dialNode(t, ctx, base, "Bob")
		_ = a.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue})
		if _, err := a.WaitType(ctx, wire.TypeQueued); err != nil {
			t.Fatal(err)
		}
		_ = b.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue})
		r, err := b.WaitRace(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if want := i < 2; r.Race.SolverChecked != want {
			t.Errorf("race %d: solver_checked %v, want %v (two seeds in the pool)", i, r.Race.SolverChecked, want)
		}
		a.Drop()
		b.Drop()
	}
	stats, err := pool.Stats(ctx, []string{"bvs"})
	if err != nil {
		t.Fatal(err)
	}
	if stats[0] != (seedpool.Stat{Ready: 0, Taken: 2}) {
		t.Errorf("pool after three races: got %+v, want both seeds taken once", stats[0])
	}
}

func TestDealerFlag(t *testing.T) {
	for _, args := range [][]string{{"-dealer", "elsewhere"}, {"-pool-nice", "20"}} {
		if _, err := parseFlags(args, io.Discard); err == nil {
			t.Errorf("%v: got no error, want one", args)
		}
	}
	err := run(context.Background(), []string{"-dealer", "redis", "-addr", "127.0.0.1:0"}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "-dealer redis needs -redis") {
		t.Errorf("-dealer redis without -redis: got %v, want an error naming -redis", err)
	}
}
