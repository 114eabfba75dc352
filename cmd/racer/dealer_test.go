package main

import (
	"context"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/klondike/solver"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/klondikegame"
	"github.com/solitaire-race/racer/match/game/spidergame"
	"github.com/solitaire-race/racer/spider"
	spidersolver "github.com/solitaire-race/racer/spider/solver"
)

func TestPoolDealer(t *testing.T) {
	rules, err := klondike.Profile("bvs")
	if err != nil {
		t.Fatal(err)
	}
	pool, err := klondikegame.Game{}.NewPool(game.PoolConfig{Profiles: []string{"bvs"}, Size: 1})
	if err != nil {
		t.Fatal(err)
	}
	d := &poolDealer{pools: map[string]game.Pool{klondikegame.Name: pool}, fallback: match.FixedDealer{Seed: 7}}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	// Empty pool, no wait: the fallback's seed, not solver-checked.
	seed, checked, err := d.Deal(ctx, "bvs")
	if err != nil || seed != 7 || checked {
		t.Fatalf("empty pool: Deal = %d %v %v, want 7 false nil", seed, checked, err)
	}
	if _, _, err := d.Deal(ctx, "no-such-profile"); err == nil {
		t.Error("unknown profile: no error")
	}

	// Filled pool: a proven seed.
	rctx, stop := context.WithCancel(ctx)
	defer stop()
	go func() { _ = pool.Run(rctx) }()
	d.wait = 50 * time.Second
	seed, checked, err = d.Deal(ctx, "bvs")
	if err != nil || !checked {
		t.Fatalf("pool: Deal = %d %v %v, want a solver-checked seed", seed, checked, err)
	}
	s, err := klondike.New(klondike.NewDeal(seed), rules)
	if err != nil {
		t.Fatal(err)
	}
	if res := solver.Solve(ctx, s, solver.Config{}); res.Verdict != solver.Won {
		t.Errorf("pool seed %d: verdict %v, want won", seed, res.Verdict)
	}
}

// TestRaceFromPool: with the pool on, a quick race says its deal was
// checked by the solver.
func TestRaceFromPool(t *testing.T) {
	// The pool at normal priority and no daily warm-up: on a machine busy
	// with other tests a low-priority solver may wait longer than the
	// test (the low priority has tests of its own).
	base := startNode(t, "-pool-size", "1", "-pool-wait", "50s", "-countdown", "1ns", "-daily-warm=false", "-pool-nice", "0")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
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
	if !r.Race.SolverChecked || r.Race.DealNote != "deal proven winnable by the solver" {
		t.Errorf("race solver_checked %v, deal_note %q, want true and proven winnable", r.Race.SolverChecked, r.Race.DealNote)
	}
	// Spider races are dealt from Spider's pool.
	c, _ := dialNode(t, ctx, base, "Cid")
	d, _ := dialNode(t, ctx, base, "Dee")
	_ = c.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue, Profile: "spider-1"})
	if _, err := c.WaitType(ctx, wire.TypeQueued); err != nil {
		t.Fatal(err)
	}
	_ = d.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue, Profile: "spider-1"})
	r, err = d.WaitRace(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if r.Race.Game != match.GameSpider || !r.Race.SolverChecked || r.Race.DealNote != "deal proven winnable by the solver" {
		t.Errorf("Spider race %+v, want spider-1 proven winnable", r.Race)
	}
}

func TestSpiderPoolDealer(t *testing.T) {
	rules, err := spider.Profile("spider-1")
	if err != nil {
		t.Fatal(err)
	}
	pool, err := spidergame.Game{}.NewPool(game.PoolConfig{Profiles: []string{"spider-1"}, Size: 1})
	if err != nil {
		t.Fatal(err)
	}
	d := &poolDealer{pools: map[string]game.Pool{spidergame.Name: pool}, fallback: match.FixedDealer{Seed: 7}}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	seed, checked, err := d.Deal(ctx, "spider-1")
	if err != nil || seed != 7 || checked {
		t.Fatalf("empty pool: Deal = %d %v %v, want 7 false nil", seed, checked, err)
	}
	// No Klondike pool: Klondike profiles get the fallback.
	if seed, checked, err := d.Deal(ctx, "bvs"); err != nil || seed != 7 || checked {
		t.Errorf("no Klondike pool: Deal = %d %v %v, want 7 false nil", seed, checked, err)
	}
	rctx, stop := context.WithCancel(ctx)
	defer stop()
	go func() { _ = pool.Run(rctx) }()
	d.wait = 50 * time.Second
	seed, checked, err = d.Deal(ctx, "spider-1")
	if err != nil || !checked {
		t.Fatalf("pool: Deal = %d %v %v, want a solver-checked seed", seed, checked, err)
	}
	s := spider.MustNew(spider.NewDeal(seed, rules.Suits), rules)
	if res := spidersolver.Solve(ctx, s, spidersolver.Config{}); res.Verdict != spidersolver.Won {
		t.Errorf("pool seed %d: verdict %v, want won", seed, res.Verdict)
	}
}

// TestPracticeDealer: practice takes a proven seed only while the pool
// keeps more than its reserve for races, and never waits.
func TestPracticeDealer(t *testing.T) {
	pool, err := klondikegame.Game{}.NewPool(game.PoolConfig{Profiles: []string{"bvs"}, Size: 4})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []uint64{11, 12, 13} {
		if !pool.Put("bvs", s) {
			t.Fatalf("Put(%d) refused", s)
		}
	}
	d := localPractice(&localPools{pools: map[string]game.Pool{klondikegame.Name: pool}}, 2)
	ctx := context.Background()
	if seed, checked, err := d.Deal(ctx, "bvs"); err != nil || !checked || seed < 11 || seed > 13 {
		t.Errorf("3 ready, reserve 2: Deal = %d %v %v, want a proven seed", seed, checked, err)
	}
	if _, checked, err := d.Deal(ctx, "bvs"); err != nil || checked {
		t.Errorf("2 ready, reserve 2: Deal checked %v, err %v; want not checked, no error", checked, err)
	}
	if got := pool.Ready("bvs"); got != 2 {
		t.Errorf("ready after: %d, want 2 kept for races", got)
	}
	if _, checked, err := d.Deal(ctx, "spider-1"); err != nil || checked {
		t.Errorf("a game without a pool: Deal checked %v, err %v; want not checked, no error", checked, err)
	}
}
