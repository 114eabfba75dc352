package solver

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/solitaire-race/racer/spider"
)

func TestPoolServesWinnableSeeds(t *testing.T) {
	one := mustProfile(t, "spider-1")
	two := mustProfile(t, "spider-2")
	var next atomic.Uint64
	p, err := NewPool(PoolConfig{
		Rules:   []spider.Rules{one, two, one},
		Size:    2,
		Workers: 2,
		Solve:   Config{MaxNodes: 20_000},
		Seed:    func() uint64 { return next.Add(1) },
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	runDone := make(chan error, 1)
	go func() { runDone <- p.Run(ctx) }()

	type got struct {
		r    spider.Rules
		seed uint64
	}
	var wg sync.WaitGroup
	seeds := make(chan got, 4)
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := []spider.Rules{one, two}[i%2]
			seed, err := p.Next(ctx, r)
			if err != nil {
				t.Errorf("Next: %v", err)
				return
			}
			seeds <- got{r, seed}
		}()
	}
	wg.Wait()
	close(seeds)
	for g := range seeds {
		s := spider.MustNew(spider.NewDeal(g.seed, g.r.Suits), g.r)
		res := Solve(context.Background(), s, Config{MaxNodes: 20_000})
		if res.Verdict != Won {
			t.Errorf("%s seed %d: got %v, want won", g.r.Name(), g.seed, res.Verdict)
		}
	}
	// The pool refills: once full, Next returns at once.
	deadline := time.Now().Add(30 * time.Second)
	for (p.Ready(one) < 2 || p.Ready(two) < 2) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if p.Ready(one) != 2 || p.Ready(two) != 2 {
		t.Fatalf("ready: got %d and %d, want 2 and 2", p.Ready(one), p.Ready(two))
	}
	cancel()
	if err := <-runDone; err != nil {
		t.Errorf("Run: got %v, want nil", err)
	}
	if _, err := p.Next(context.Background(), two); err != nil {
		t.Errorf("Next after Run: %v", err)
	}
}

// TestPoolHardRulesDoNotStarve checks that rules whose deals are never
// proven within the budget do not keep the workers from the others.
func TestPoolHardRulesDoNotStarve(t *testing.T) {
	hard := mustProfile(t, "spider-4-std")
	easy := mustProfile(t, "spider-1")
	var next atomic.Uint64
	var mu sync.Mutex
	calls := map[spider.Rules]int{}
	p, err := NewPool(PoolConfig{
		Rules: []spider.Rules{hard, easy},
		Size:  1,
		Solve: Config{MaxNodes: 2000},
		Seed:  func() uint64 { return next.Add(1) },
		OnSolve: func(r spider.Rules, elapsed time.Duration, won bool) {
			mu.Lock()
			defer mu.Unlock()
			calls[r]++
			if elapsed < 0 {
				t.Errorf("elapsed: got %v, want >= 0", elapsed)
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	runDone := make(chan error, 1)
	go func() { runDone <- p.Run(ctx) }()
	if _, err := p.Next(ctx, easy); err != nil {
		t.Fatalf("Next(spider-1) while spider-4-std has room: %v", err)
	}
	cancel()
	<-runDone
	mu.Lock()
	defer mu.Unlock()
	if calls[easy] < 1 || calls[hard] < 1 {
		t.Errorf("OnSolve calls: got %v, want both rule sets searched", calls)
	}
}

func TestPoolErrors(t *testing.T) {
	p, err := NewPool(PoolConfig{})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"spider-1", "spider-2", "spider-4"} {
		if got := p.Ready(mustProfile(t, name)); got != 0 {
			t.Errorf("%s: got %d ready before Run, want 0", name, got)
		}
	}
	if _, err := p.Next(context.Background(), mustProfile(t, "spider-1-std")); !errors.Is(err, ErrNotPooled) {
		t.Errorf("unpooled rules: got %v, want ErrNotPooled", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := p.Next(ctx, mustProfile(t, "spider-4")); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("empty pool, no Run: got %v, want context.DeadlineExceeded", err)
	}
	if _, err := NewPool(PoolConfig{Rules: []spider.Rules{{Suits: 3}}}); !errors.Is(err, spider.ErrUnknownProfile) {
		t.Errorf("invalid rules: got %v, want ErrUnknownProfile", err)
	}
}
