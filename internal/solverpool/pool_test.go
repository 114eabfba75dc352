package solverpool

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// rules of the tests: a name and the only seeds they win, those divisible
// by mod (0: none). The key is the name.
type rules struct {
	name string
	mod  uint64
}

func config(rs ...rules) Config[rules, string] {
	var next atomic.Uint64
	return Config[rules, string]{
		Rules: rs,
		Key:   func(r rules) string { return r.name },
		Won: func(_ context.Context, r rules, seed uint64) bool {
			return r.mod != 0 && seed%r.mod == 0
		},
		Seed: func() uint64 { return next.Add(1) },
		Size: 4,
	}
}

func TestNextGivesProvenSeeds(t *testing.T) {
	even, three := rules{"even", 2}, rules{"three", 3}
	p := New(config(even, three, rules{"even", 5})) // the second "even" shares the first's seeds
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	done := make(chan error)
	go func() { done <- p.Run(ctx) }()
	for range 10 {
		for _, r := range []rules{even, three} {
			seed, ok, err := p.Next(ctx, r)
			if err != nil || !ok || seed%r.mod != 0 {
				t.Fatalf("Next(%s): got %d, %v, %v; want a multiple of %d", r.name, seed, ok, err, r.mod)
			}
		}
	}
	if p.Has(rules{name: "odd"}) {
		t.Error("Has(odd): got true, want false")
	}
	if _, ok, err := p.Next(ctx, rules{name: "odd"}); ok || err != nil {
		t.Errorf("Next(odd): got ok %v, %v; want false, nil", ok, err)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Run: %v", err)
	}
	// Take what is left first (with a live context: Next's select may
	// pick the ended one while a seed is ready). Ready is read before
	// each Next: read after it, a Next that took the last seed would
	// fail the test.
	for p.Ready(three) > 0 {
		if _, ok, err := p.Next(context.Background(), three); !ok || err != nil {
			t.Fatalf("Next after the end, seeds ready: got ok %v, %v; want a seed", ok, err)
		}
	}
	if _, ok, err := p.Next(ctx, three); !ok || err == nil {
		t.Errorf("Next after the end, none ready: got ok %v, %v; want true and ctx's error", ok, err)
	}
}

// TestPick checks the two ways of choosing the rule set to fill: with
// the most room, where a rule set that never wins takes every search,
// and in turn, where it does not.
func TestPick(t *testing.T) {
	for _, inTurn := range []bool{false, true} {
		cfg := config(rules{"never", 0}, rules{"always", 1})
		cfg.InTurn = inTurn
		var mu sync.Mutex
		tried := map[string]int{}
		ctx, cancel := context.WithCancel(context.Background())
		cfg.OnSolve = func(r rules, _ time.Duration, _ bool) {
			mu.Lock()
			defer mu.Unlock()
			if tried[r.name]++; tried["never"] >= 100 {
				cancel()
			}
		}
		p := New(cfg)
		p.Run(ctx) // one worker; returns once "never" has been tried 100 times
		mu.Lock()
		always := tried["always"]
		mu.Unlock()
		switch {
		case !inTurn && always != 0:
			t.Errorf("most room: %d searches for the rules that always win, want 0", always)
		case inTurn && p.Ready(rules{name: "always"}) != 4:
			t.Errorf("in turn: %d seeds ready for the rules that always win, want 4 (full)", p.Ready(rules{name: "always"}))
		}
	}
}

// TestPut checks that seeds put before Run are served first and count
// against the pool's size, so that a full pool put back searches nothing.
func TestPut(t *testing.T) {
	even := rules{"even", 2}
	cfg := config(even)
	var searches atomic.Int64
	cfg.OnSolve = func(rules, time.Duration, bool) { searches.Add(1) }
	p := New(cfg)
	for i, seed := range []uint64{100, 102, 104, 106} {
		if !p.Put(even, seed) {
			t.Fatalf("Put %d into a pool with room: got false, want true", i)
		}
	}
	if p.Put(even, 108) {
		t.Error("Put into a full pool: got true, want false")
	}
	if p.Put(rules{name: "odd"}, 1) {
		t.Error("Put for rules the pool does not keep: got true, want false")
	}
	ctx, cancel := context.WithCancel(context.Background())
	seed, _, err := p.Next(ctx, even)
	if err != nil || seed != 100 {
		t.Fatalf("Next: got %d, %v; want 100 (the first seed put)", seed, err)
	}
	cancel()
	p.Run(ctx) // ended: no worker searches
	if n := searches.Load(); n != 0 {
		t.Errorf("searches with an ended context: got %d, want 0", n)
	}
}

// TestWorker checks that every worker runs inside Config.Worker.
func TestWorker(t *testing.T) {
	cfg := config(rules{"even", 2})
	cfg.Workers = 3
	var wrapped, inside atomic.Int64
	cfg.Worker = func(work func()) {
		wrapped.Add(1)
		work()
	}
	cfg.OnSolve = func(rules, time.Duration, bool) { inside.Add(1) }
	p := New(cfg)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- p.Run(ctx) }()
	for range 8 {
		if _, _, err := p.Next(ctx, rules{name: "even"}); err != nil {
			t.Fatal(err)
		}
	}
	cancel()
	<-done
	if w := wrapped.Load(); w != 3 {
		t.Errorf("workers run through Config.Worker: got %d, want 3", w)
	}
	if inside.Load() == 0 {
		t.Error("no search ran inside the workers")
	}
}

// TestFullPoolWorkersSleep checks that workers block while every rule
// set is full: each goes to sleep once, and a seed taken wakes each once.
// A worker that woke itself again and again would pass the idle hook
// without end; the hook stops it after 100 rounds and fails the test.
func TestFullPoolWorkersSleep(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		even := rules{"even", 2}
		cfg := config(even)
		cfg.Workers = 3
		p := New(cfg)
		ctx, cancel := context.WithCancel(context.Background())
		var idles atomic.Int64
		p.idle = func() {
			if idles.Add(1) > 100 {
				t.Error("workers went idle 100 times with no seed taken: they spin")
				<-ctx.Done()
			}
		}
		done := make(chan struct{})
		go func() {
			p.Run(ctx)
			close(done)
		}()
		synctest.Wait() // every worker durably blocked
		if got := p.Ready(even); got != 4 {
			t.Errorf("ready after filling: got %d, want 4", got)
		}
		if got := idles.Load(); got != 3 {
			t.Errorf("idle rounds once full: got %d, want 3 (one a worker)", got)
		}
		if _, _, err := p.Next(ctx, even); err != nil {
			t.Fatal(err)
		}
		synctest.Wait()
		if got := p.Ready(even); got != 4 {
			t.Errorf("ready after a seed was taken: got %d, want 4 (refilled)", got)
		}
		if got := idles.Load(); got != 6 {
			t.Errorf("idle rounds after a seed was taken: got %d, want 6 (each worker woke once)", got)
		}
		cancel()
		<-done
	})
}
