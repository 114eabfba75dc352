package solver

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/solitaire-race/racer/freecell"
)

func TestPoolServesWinnableSeeds(t *testing.T) {
	four := mustProfile(t, "freecell")
	two := mustProfile(t, "freecell-2")
	var next atomic.Uint64
	p, err := NewPool(PoolConfig{
		Rules:   []freecell.Rules{four, two, four},
		Size:    2,
		Workers: 2,
		Solve:   Config{MaxNodes: 200_000},
		Seed:    func() uint64 { return next.Add(1) },
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	runDone := make(chan error, 1)
	go func() { runDone <- p.Run(ctx) }()
	for _, r := range []freecell.Rules{four, two, four, two} {
		seed, err := p.Next(ctx, r)
		if err != nil {
			t.Fatalf("Next(%s): %v", r.Name(), err)
		}
		s := freecell.MustNew(freecell.NewDeal(seed), r)
		if res := Solve(context.Background(), s, Config{MaxNodes: 200_000}); res.Verdict != Won {
			t.Errorf("%s seed %d: got %v, want won", r.Name(), seed, res.Verdict)
		}
	}
	if _, err := p.Next(ctx, freecell.Rules{Cells: 3}); !errors.Is(err, ErrNotPooled) {
		t.Errorf("Next of rules not pooled: got %v, want ErrNotPooled", err)
	}
	if p.Put(four, 11982) != (p.Ready(four) < 2) && p.Ready(four) > 2 {
		t.Error("Put overfilled the pool")
	}
	cancel()
	if err := <-runDone; err != nil {
		t.Errorf("Run: %v", err)
	}
}

func TestNewPoolDefaults(t *testing.T) {
	p, err := NewPool(PoolConfig{})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range freecell.ProfileNames() {
		if p.Ready(mustProfile(t, name)) != 0 {
			t.Errorf("%s: seeds ready before Run", name)
		}
	}
	if _, err := NewPool(PoolConfig{Rules: []freecell.Rules{{Cells: 7}}}); err == nil {
		t.Error("NewPool accepts rules that are not valid")
	}
}
