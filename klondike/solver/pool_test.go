package solver

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/solitaire-race/racer/klondike"
)

func TestPoolServesWinnableSeeds(t *testing.T) {
	relaxed := mustProfile(t, "relaxed-3")
	classic := mustProfile(t, "classic-3")
	var next atomic.Uint64
	p, err := NewPool(PoolConfig{
		Rules:   []klondike.Rules{relaxed, classic},
		Size:    2,
		Workers: 2,
		Solve:   Config{MaxNodes: 3000},
		Seed:    func() uint64 { return next.Add(1) },
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	runDone := make(chan error, 1)
	go func() { runDone <- p.Run(ctx) }()

	var wg sync.WaitGroup
	seeds := make(chan struct {
		r    klondike.Rules
		seed uint64
	}, 10)
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := relaxed
			if i%2 == 1 {
				r = classic
			}
			seed, err := p.Next(ctx, r)
			if err != nil {
				t.Errorf("Next: %v", err)
				return
			}
			seeds <- struct {
				r    klondike.Rules
				seed uint64
			}{r, seed}
		}()
	}
	wg.Wait()
	close(seeds)
	for got := range seeds {
		s := klondike.MustNew(klondike.NewDeal(got.seed), got.r)
		res := Solve(context.Background(), s, Config{MaxNodes: 3000})
		if res.Verdict != Won {
			t.Errorf("%s seed %d: got %v, want won", got.r.Name, got.seed, res.Verdict)
		}
	}
	// The pool refills: once full, Next returns at once.
	deadline := time.Now().Add(30 * time.Second)
	for p.Ready(relaxed) < 2 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if got := p.Ready(relaxed); got != 2 {
		t.Fatalf("ready: got %d, want 2", got)
	}
	cancel()
	if err := <-runDone; err != nil {
		t.Errorf("Run: got %v, want nil", err)
	}
	// Ready seeds are still served after Run stops, without waiting.
	if _, err := p.Next(context.Background(), relaxed); err != nil {
		t.Errorf("Next after Run: %v", err)
	}
}

func TestPoolNextErrors(t *testing.T) {
	p, err := NewPool(PoolConfig{Rules: []klondike.Rules{mustProfile(t, "bvs")}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Next(context.Background(), mustProfile(t, "classic")); !errors.Is(err, ErrNotPooled) {
		t.Errorf("unpooled rules: got %v, want ErrNotPooled", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := p.Next(ctx, mustProfile(t, "bvs")); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("empty pool, no Run: got %v, want context.DeadlineExceeded", err)
	}
	if _, err := NewPool(PoolConfig{Rules: []klondike.Rules{{Draw: 2}}}); err == nil {
		t.Errorf("invalid rules: got no error")
	}
}

func TestPoolOnSolveReportsEachSearch(t *testing.T) {
	relaxed := mustProfile(t, "relaxed-3")
	var next atomic.Uint64
	var mu sync.Mutex
	var calls, wins int
	var names []string
	p, err := NewPool(PoolConfig{
		Rules: []klondike.Rules{relaxed},
		Size:  1,
		Solve: Config{MaxNodes: 3000},
		Seed:  func() uint64 { return next.Add(1) },
		OnSolve: func(r klondike.Rules, elapsed time.Duration, won bool) {
			mu.Lock()
			defer mu.Unlock()
			calls++
			if won {
				wins++
			}
			if elapsed < 0 {
				t.Errorf("elapsed: got %v, want >= 0", elapsed)
			}
			names = append(names, r.Name)
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	runDone := make(chan error, 1)
	go func() { runDone <- p.Run(ctx) }()
	if _, err := p.Next(ctx, relaxed); err != nil {
		t.Fatalf("Next: %v", err)
	}
	cancel()
	<-runDone
	mu.Lock()
	defer mu.Unlock()
	if wins < 1 || calls < wins {
		t.Errorf("OnSolve: got %d calls, %d won, want at least 1 won and calls >= won", calls, wins)
	}
	for _, n := range names {
		if n != relaxed.Name {
			t.Errorf("OnSolve rules: got %q, want %q", n, relaxed.Name)
		}
	}
}
