package solver

import (
	"context"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/solitaire-race/racer/klondike"
)

// TestRelaxedExample checks the example of relaxed.go's kind: relaxed-3
// seed 672 is lost, which the exact pass alone needs millions of
// positions to prove and the search under draw 1 beside it a few
// hundred thousand.
func TestRelaxedExample(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips seed 672, 800,000 positions; CI runs it (go test without -short)")
	}
	t.Parallel()
	s := klondike.MustNew(klondike.NewDeal(672), mustProfile(t, "relaxed-3"))
	res := Solve(context.Background(), s, Config{MaxNodes: 400_000, Timeout: time.Hour})
	if res.Verdict != Lost || !res.byRelaxed {
		t.Fatalf("seed 672: got %v after %d positions (by the looser search: %v), want lost by it", res.Verdict, res.Nodes, res.byRelaxed)
	}
	if res.Nodes > 400_000+1024 {
		t.Errorf("seed 672: %d positions in all, over the budget of 400,000", res.Nodes)
	}
	if res := Solve(context.Background(), s, Config{MaxNodes: 400_000, noRelaxed: true}); res.Verdict != Unknown {
		t.Fatalf("seed 672 without the looser search: got %v after %d positions, want unknown", res.Verdict, res.Nodes)
	}
}

// looserVerdict runs the looser search of relaxed.go alone on p, with a
// budget of n positions.
func looserVerdict(p pos, g game, n int64) Verdict {
	g = looserGame(g)
	g.twins = true
	cfg := Config{MaxNodes: n}.withDefaults()
	rs := newSearch(context.Background(), g, cfg, time.Now())
	return rs.exact(p, cfg)
}

// TestRelaxedAgreesWithBruteForce checks positions after random play
// under draw 3 with unlimited passes that the looser search proves lost
// with the brute-force reference, which plays the strict rules.
func TestRelaxedAgreesWithBruteForce(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips the looser search against brute force on 400 played positions; CI runs it (go test without -short)")
	}
	t.Parallel()
	var lost, checked int
	r := rng(17)
	for _, rules := range []klondike.Rules{
		{Name: "relaxed-3", Draw: 3, Passes: klondike.Unlimited, FoundationToColumn: true},
		{Name: "d3-unlimited", Draw: 3, Passes: klondike.Unlimited},
	} {
		for seed := uint64(1); seed <= 200; seed++ {
			s := klondike.MustNew(klondike.NewDeal(seed), rules)
			e := solverWalk(t, s, false, &r, 20+r.intn(100), nil)
			if p, g := fromState(&e); looserVerdict(p, g, 20_000) != Lost {
				continue
			}
			lost++
			if confirmLost(t, e, rules.Name+" seed "+strconv.FormatUint(seed, 10)+": lost by the looser search") {
				checked++
			}
		}
	}
	t.Logf("%d positions proven lost by the looser search, %d decided by brute force", lost, checked)
	if checked < 10 {
		t.Errorf("got %d positions proven lost by the looser search and decided by brute force, want at least 10", checked)
	}
}

// TestRelaxedNeverLosesAWin checks the looser search against wins: under
// draw 1 with unlimited passes every profile's lines are lines too, so on
// no position along won lines of any profile may it prove a loss.
func TestRelaxedNeverLosesAWin(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips the looser search on 1,000 positions along won lines; CI runs it (go test without -short)")
	}
	t.Parallel()
	checked := 0
	wonLinePositions(t, 12, func(_, p *pos, g *game) bool {
		checked++
		return checked%3 != 0 || looserVerdict(*p, *g, 3_000) != Lost
	})
	t.Logf("%d positions checked by the looser search", checked/3)
	if checked/3 < 1000 {
		t.Errorf("got %d positions checked by the looser search, want at least 1000", checked/3)
	}
}

// TestRelaxedKeepsVerdicts checks deals the looser search proves lost
// early (relaxed-3 seeds 482 and 254: it decides them within 150,000
// positions, the exact pass alone after 118,000 and 322,000) with the
// exact pass alone: it must not win them, and it decides them lost.
func TestRelaxedKeepsVerdicts(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips seeds 482 and 254 with and without the looser search; CI runs it (go test without -short)")
	}
	t.Parallel()
	for _, seed := range []uint64{482, 254} {
		s := klondike.MustNew(klondike.NewDeal(seed), mustProfile(t, "relaxed-3"))
		// Budgets of positions only, so that a slow machine (or the race
		// detector) gives the same verdicts.
		with := Solve(context.Background(), s, Config{MaxNodes: 150_000, Timeout: time.Hour})
		if with.Verdict != Lost || !with.byRelaxed {
			t.Errorf("seed %d: got %v after %d positions (by the looser search: %v), want lost by it", seed, with.Verdict, with.Nodes, with.byRelaxed)
		}
		if without := Solve(context.Background(), s, Config{MaxNodes: 1_000_000, Timeout: time.Hour, noRelaxed: true}); without.Verdict != Lost {
			t.Errorf("seed %d: the exact pass alone says %v after %d positions, want lost", seed, without.Verdict, without.Nodes)
		}
	}
}

// TestRelaxedStops checks that searches stopped by their time, their
// context or their node budget leave no looser search running. It runs
// six searches of 20 to 70 ms, the first three with -short.
func TestRelaxedStops(t *testing.T) {
	s := klondike.MustNew(klondike.NewDeal(12), mustProfile(t, "relaxed-3"))
	runs := 6
	if testing.Short() {
		runs = 3
	}
	before := runtime.NumGoroutine()
	for i := range runs {
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(20+10*i)*time.Millisecond)
		cfg := Config{}
		if i%2 == 1 {
			cfg.MaxNodes = 60_000
		}
		res := Solve(ctx, s, cfg)
		cancel()
		if res.Verdict != Unknown {
			t.Fatalf("seed 12: got %v, want unknown", res.Verdict)
		}
	}
	for range 100 {
		if runtime.NumGoroutine() <= before {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("%d goroutines after the searches, %d before", runtime.NumGoroutine(), before)
}

// TestRelaxedGivesMemoryBack checks that the exact pass has half the
// memory while the looser search runs beside it and all of it once the
// looser search has ended (here with a win under draw 1).
func TestRelaxedGivesMemoryBack(t *testing.T) {
	s := klondike.MustNew(klondike.NewDeal(1), mustProfile(t, "relaxed-3"))
	p, g := fromState(&s)
	cfg := Config{}.withDefaults()
	sr := newSearch(context.Background(), g, cfg, time.Now())
	slots := sr.tt.maxSlots
	r := sr.startRelaxed(p, cfg)
	defer r.stop()
	if sr.tt.maxSlots != slots/2 {
		t.Fatalf("while the looser search runs: %d slots, want %d", sr.tt.maxSlots, slots/2)
	}
	for i := 0; !r.ended; i++ {
		if r.step() {
			t.Fatal("seed 1 proven lost under draw 1")
		}
		if i > 10_000 {
			t.Fatal("the looser search does not end")
		}
	}
	if sr.tt.maxSlots != slots || r.nodes() == 0 {
		t.Fatalf("after it ended: %d slots, want %d; %d positions", sr.tt.maxSlots, slots, r.nodes())
	}
}

// TestRelaxedTurns checks the share of the turns (relaxed.go): while both
// searches run, the exact pass searches two positions to the looser
// search's one. Seed 12 is lost and takes both searches millions of
// positions, so both run to the budget.
func TestRelaxedTurns(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips seed 12, 330,000 positions; CI runs it (go test without -short)")
	}
	s := klondike.MustNew(klondike.NewDeal(12), mustProfile(t, "relaxed-3"))
	res := Solve(context.Background(), s, Config{MaxNodes: 330_000, Timeout: time.Hour})
	if res.Verdict != Unknown || res.Stop != "nodes" {
		t.Fatalf("seed 12: got %v (stop %q), want unknown when the positions run out", res.Verdict, res.Stop)
	}
	if res.relaxedN < 50_000 || res.exactN < 2*res.relaxedN-exactTurn || res.exactN > 2*res.relaxedN+exactTurn {
		t.Errorf("seed 12: %d positions of the exact pass to %d of the looser search, want two to one within a turn", res.exactN, res.relaxedN)
	}
}
