package solver

import (
	"context"
	"strconv"
	"testing"

	"github.com/solitaire-race/racer/klondike"
)

// TestCrowdedExample checks the example of crowded.go: relaxed-3 seed 156
// is proven lost at its start by counting places, which the other
// relaxation does not see.
func TestCrowdedExample(t *testing.T) {
	s := klondike.MustNew(klondike.NewDeal(156), mustProfile(t, "relaxed-3"))
	p, g := fromState(&s)
	p.autoMoves(&g, nil)
	if p.blocked(&g) {
		t.Fatal("blocked: the example does not need crowded")
	}
	if !p.crowded(newCrowdInfo(&p, &g, false)) {
		t.Fatal("seed 156: not crowded at the start")
	}
	if res := Solve(context.Background(), s, Config{}); res.Verdict != Lost || res.Nodes > 1 {
		t.Fatalf("seed 156: got %v after %d positions, want lost at once", res.Verdict, res.Nodes)
	}
}

// TestCrowdedOrderExample checks the example of the order of face-down
// cards (crowded.go): relaxed-3 seed 199 is proven lost at its start, by
// the order alone.
func TestCrowdedOrderExample(t *testing.T) {
	s := klondike.MustNew(klondike.NewDeal(199), mustProfile(t, "relaxed-3"))
	p, g := fromState(&s)
	p.autoMoves(&g, nil)
	if p.blocked(&g) || p.crowded(newCrowdInfo(&p, &g, false)) {
		t.Fatal("blocked or crowded without the order: the example does not need it")
	}
	if ci := newCrowdInfo(&p, &g, true); !ci.lost || !p.crowded(ci) {
		t.Fatal("seed 199: the order does not prove it lost")
	}
	if res := Solve(context.Background(), s, Config{}); res.Verdict != Lost || res.Nodes > 1 {
		t.Fatalf("seed 199: got %v after %d positions, want lost at once", res.Verdict, res.Nodes)
	}
	if res := Solve(context.Background(), s, Config{MaxNodes: 50_000, noOrder: true}); res.Verdict != Unknown {
		t.Fatalf("seed 199 without the order: got %v after %d positions, want unknown", res.Verdict, res.Nodes)
	}
}

// TestCrowdedTables checks the masks crowded works with against the
// solver's own card tables.
func TestCrowdedTables(t *testing.T) {
	for c := range klondike.Card(klondike.NumCards) {
		if got, want := twins(1<<c), uint64(1)<<twinOf[c]; got != want {
			t.Fatalf("twins of %v: got %#x, want %#x", c, got, want)
		}
		var want uint64
		if rank(c) < 13 {
			u1, u2 := upperCards(c)
			want = 1<<u1 | 1<<u2
		}
		if placesOf[c] != want {
			t.Fatalf("places of %v: got %#x, want %#x", c, placesOf[c], want)
		}
	}
}

// TestCrowdedNeverOnAWinningLine checks the count against wins: no
// position along a won line, under any profile, may be called crowded,
// with what crowded knows (order included) of the deal's face-down cards
// or of the position's own.
func TestCrowdedNeverOnAWinningLine(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips the crowded count on 10,000 positions along won lines; CI runs it (go test without -short)")
	}
	t.Parallel()
	positions := wonLinePositions(t, 40, func(start, p *pos, g *game) bool {
		return !p.crowded(newCrowdInfo(start, g, true)) && !p.crowded(newCrowdInfo(p, g, true))
	})
	if positions < 10_000 {
		t.Errorf("got %d positions checked, want at least 10000", positions)
	}
}

// TestCrowdedAgreesWithBruteForce checks positions after random play that
// crowded calls lost, with what it knows of the deal's start or of the
// position's own, with the brute-force reference; and that a solver move
// makes a position crowded only by putting a card on a face-up card (the
// search checks only after such moves).
func TestCrowdedAgreesWithBruteForce(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips the crowded count against brute force on 1,200 played positions; CI runs it (go test without -short)")
	}
	var crowdedN, checked, moves, byOrder int
	r := rng(5)
	for _, rules := range []klondike.Rules{
		{Name: "classic", Draw: 1, Passes: 1},
		{Name: "d3-p1", Draw: 3, Passes: 1},
		{Name: "d1-p1-f2c", Draw: 1, Passes: 1, FoundationToColumn: true},
		{Name: "relaxed-3", Draw: 3, Passes: klondike.Unlimited, FoundationToColumn: true},
	} {
		for seed := uint64(1); seed <= 300; seed++ {
			s := klondike.MustNew(klondike.NewDeal(seed), rules)
			start, g := fromState(&s)
			g.twins = true
			ci := newCrowdInfo(&start, &g, true)
			was := start.crowded(ci)
			e := solverWalk(t, s, true, &r, 20+r.intn(100), func(before, p *pos, _ *game, m mv) {
				placed := m.kind != mColFound && m.kind != mTalonFound && before.cols[m.to].n > 0
				moves++
				now := p.crowded(ci)
				if now && !was && !placed {
					t.Fatalf("%s seed %d: move %+v made the position crowded without putting a card on a face-up card", rules.Name, seed, m)
				}
				was = now
			})
			p, g := fromState(&e)
			own := p.crowded(newCrowdInfo(&p, &g, true))
			if !was && !own {
				continue
			}
			if own && !p.crowded(newCrowdInfo(&p, &g, false)) {
				byOrder++
			}
			crowdedN++
			if confirmLost(t, e, rules.Name+" seed "+strconv.FormatUint(seed, 10)+": crowded") {
				checked++
			}
		}
	}
	t.Logf("%d moves, %d crowded positions (%d by the order), %d decided by brute force", moves, crowdedN, byOrder, checked)
	if checked < 20 || byOrder < 20 {
		t.Errorf("got %d crowded positions decided by brute force and %d by the order, want at least 20 each", checked, byOrder)
	}
}

// TestCrowdedKeepsVerdicts solves deals of every kind of rules with and
// without the count: no deal may be won one way and lost the other.
func TestCrowdedKeepsVerdicts(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips 160 deals solved with and without the crowded count; CI runs it (go test without -short)")
	}
	t.Parallel()
	decided, fewer := 0, 0
	for _, name := range []string{"relaxed-3", "relaxed-1", "bvs", "classic"} {
		rules := mustProfile(t, name)
		for seed := uint64(1); seed <= 40; seed++ {
			s := klondike.MustNew(klondike.NewDeal(seed), rules)
			with := Solve(context.Background(), s, Config{MaxNodes: 30_000})
			without := Solve(context.Background(), s, Config{MaxNodes: 30_000, noCrowded: true})
			if with.Verdict != Unknown && without.Verdict != Unknown {
				decided++
				if with.Verdict != without.Verdict {
					t.Errorf("%s seed %d: %v with the count, %v without", name, seed, with.Verdict, without.Verdict)
				}
			}
			if with.Nodes < without.Nodes {
				fewer++
			}
		}
	}
	t.Logf("%d deals decided both ways, %d searched fewer positions with the count", decided, fewer)
	if decided < 90 {
		t.Errorf("got %d deals decided both ways, want at least 90", decided)
	}
}
