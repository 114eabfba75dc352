package seedpool_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/seedpool"
)

// TestFillerAndTwoNodes runs a dealer filling a small pool while two
// nodes, each with its own Redis connection, deal from it at once: every
// seed they deal as proven comes from the pool, none twice, and the
// dealer refills what they take.
func TestFillerAndTwoNodes(t *testing.T) {
	// The nodes take more than one fill: 10 seeds, or 4 under -short,
	// from a pool of 3.
	const size = 3
	perNode := 5
	if testing.Short() {
		perNode = 2
	}
	prefix := uniquePrefix(t)
	clients := redistest.Nodes(t, 3) // the dealer's and each node's
	newPool := func() *seedpool.RedisPool {
		c := clients[0]
		clients = clients[1:]
		p, err := seedpool.NewRedisPool(seedpool.RedisConfig{Client: c, Prefix: prefix})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	added := make(chan string, 1000)
	reg := prometheus.NewPedanticRegistry()
	f, err := seedpool.NewFiller(seedpool.FillerConfig{
		Pool: newPool(), Games: games.All, Profiles: []string{"bvs"}, Size: size, Registerer: reg,
		Poll:  20 * time.Millisecond, // a full pool has room again soon after a node takes a seed
		OnAdd: func(profile string, _ int) { added <- profile },
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- f.Run(ctx) }()

	var mu sync.Mutex
	seen := map[uint64]int{}
	var wg sync.WaitGroup
	for node := range 2 {
		d := &seedpool.Dealer{Pool: newPool(), Fallback: match.FixedDealer{Seed: 7}, Games: games.All}
		wg.Go(func() {
			for got := 0; got < perNode; {
				seed, checked, err := d.Deal(ctx, "bvs")
				if err != nil {
					t.Errorf("node %d: Deal: %v", node, err)
					return
				}
				if !checked {
					if seed != 7 {
						t.Errorf("node %d: a seed not checked: got %d, want the fallback's 7", node, seed)
					}
					select { // wait for the dealer's next seed
					case <-added:
					case <-ctx.Done():
						t.Errorf("node %d: no seed added within the test's time", node)
						return
					}
					continue
				}
				got++
				mu.Lock()
				seen[seed]++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if _, _, err := (&seedpool.Dealer{Pool: newPoolFor(t, prefix), Fallback: match.RandomDealer{}, Games: games.All}).Deal(ctx, "no-such-profile"); err == nil {
		t.Error("Deal of an unknown profile: got no error, want one")
	}
	for seed, n := range seen {
		if n != 1 {
			t.Errorf("seed %d dealt %d times, want once", seed, n)
		}
	}
	if len(seen) != 2*perNode {
		t.Errorf("distinct proven seeds: got %d, want %d", len(seen), 2*perNode)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Run: %v", err)
	}
	if n := counterValue(t, reg, "racer_dealer_seeds_added_total", "bvs"); n < float64(2*perNode) {
		t.Errorf("racer_dealer_seeds_added_total{profile=bvs}: got %v, want at least %d", n, 2*perNode)
	}
	if n := counterValue(t, reg, "racer_dealer_seeds_taken_total", "bvs"); n > float64(2*perNode) {
		t.Errorf("racer_dealer_seeds_taken_total{profile=bvs}: got %v, want at most %d", n, 2*perNode)
	}
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, mf := range mfs {
		got[mf.GetName()] = true
	}
	for _, name := range []string{"racer_dealer_pool_seeds", "racer_solver_seconds"} {
		if !got[name] {
			t.Errorf("metric %s not gathered", name)
		}
	}
}

// newPoolFor returns a pool on a Redis of its own with keys under prefix.
func newPoolFor(t *testing.T, prefix string) *seedpool.RedisPool {
	t.Helper()
	p, err := seedpool.NewRedisPool(seedpool.RedisConfig{Client: redistest.Client(t), Prefix: prefix})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// counterValue returns the value of the counter name{profile} in reg.
func counterValue(t *testing.T, reg prometheus.Gatherer, name, profile string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
		for _, m := range mf.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "profile" && l.GetValue() == profile {
					return m.GetCounter().GetValue()
				}
			}
		}
	}
	t.Fatalf("no series %s{profile=%q}", name, profile)
	return 0
}
