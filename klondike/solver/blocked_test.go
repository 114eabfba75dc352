package solver

import (
	"context"
	"strconv"
	"testing"

	"github.com/solitaire-race/racer/klondike"
)

// wonLinePositions calls check with every position along the won lines
// the solver finds for seeds 1 … seeds of every profile (5,000 positions
// each), with the deal's first position, and returns how many there were.
// check returns false to fail the test at that position.
func wonLinePositions(t *testing.T, seeds uint64, check func(start, p *pos, g *game) bool) int {
	t.Helper()
	positions := 0
	for _, name := range klondike.ProfileNames() {
		rules := mustProfile(t, name)
		for seed := uint64(1); seed <= seeds; seed++ {
			s := klondike.MustNew(klondike.NewDeal(seed), rules)
			res := Solve(context.Background(), s, Config{MaxNodes: 5_000})
			if res.Verdict != Won {
				continue
			}
			start, _ := fromState(&s)
			for i, m := range res.Moves {
				p, g := fromState(&s)
				positions++
				if !check(&start, &p, &g) {
					t.Fatalf("%s seed %d: after %d moves of a won line\n%v", name, seed, i, s.String())
				}
				if err := s.Apply(m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d positions checked", positions)
	return positions
}

// TestBlockedNeverOnAWinningLine checks the relaxation against wins: no
// position along a won line, under any profile, may be called blocked.
func TestBlockedNeverOnAWinningLine(t *testing.T) {
	t.Parallel()
	// -short checks the won lines of 3 deals a profile; CI checks 20.
	seeds, want := uint64(20), 5_000
	if testing.Short() {
		seeds, want = 3, 1_500
	}
	positions := wonLinePositions(t, seeds, func(_, p *pos, g *game) bool { return !p.blocked(g) })
	if positions < want {
		t.Errorf("got %d positions checked, want at least %d", positions, want)
	}
}

// confirmLost runs the brute-force reference on s, which the caller (what)
// calls lost: it fails the test if s is won, and reports whether the
// reference decided within its budget.
func confirmLost(t *testing.T, s klondike.State, what string) bool {
	t.Helper()
	won, ok := bruteForce(s, 20_000)
	if ok && won {
		t.Errorf("%s, brute force wins\n%v", what, s.String())
	}
	return ok
}

// TestBlockedAgreesWithBruteForce checks every position the relaxation
// calls blocked, among positions near the end and after random play, with
// the brute-force reference.
func TestBlockedAgreesWithBruteForce(t *testing.T) {
	t.Parallel()
	nearRules := []klondike.Rules{
		{Name: "classic", Draw: 1, Passes: 1},
		{Name: "classic-3", Draw: 3, Passes: 3},
		{Name: "d3-unlimited", Draw: 3, Passes: klondike.Unlimited},
		{Name: "d1-unlimited", Draw: 1, Passes: klondike.Unlimited},
	}
	// -short plays fewer positions (3 near the end under the rules but
	// classic, whose won deals take longest to find and which random
	// play below covers; 20 deals) and asks for fewer decided; CI runs 8
	// under every rule and 150.
	nearN, deals, want := 8, uint64(150), 20
	if testing.Short() {
		nearRules, nearN, deals, want = nearRules[1:], 3, 20, 40
	}
	var blocked, checked int
	r := rng(11)
	var buf [64]klondike.Move
	for _, rules := range nearRules {
		for _, s := range nearEnd(t, rules, nearN) {
			for range 6 {
				p, g := fromState(&s)
				if p.blocked(&g) {
					blocked++
					won, ok := bruteForce(s, 8000)
					if ok {
						checked++
						if won {
							t.Errorf("%s: blocked, brute force wins\n%v", rules.Name, s.String())
						}
					}
				}
				ms := s.Moves(buf[:0])
				if len(ms) == 0 {
					break
				}
				_ = s.Apply(ms[r.intn(len(ms))])
			}
		}
	}
	// Random play under one pass: once the stock is spent the reference
	// can finish, and cards left buried make blocked positions common.
	for _, rules := range []klondike.Rules{
		{Name: "classic", Draw: 1, Passes: 1},
		{Name: "d3-p1", Draw: 3, Passes: 1},
		{Name: "d1-p1-f2c", Draw: 1, Passes: 1, FoundationToColumn: true},
	} {
		for seed := uint64(1); seed <= deals; seed++ {
			s := klondike.MustNew(klondike.NewDeal(seed), rules)
			for range 30 + r.intn(120) {
				ms := s.Moves(buf[:0])
				if len(ms) == 0 {
					break
				}
				m := ms[r.intn(len(ms))]
				if ms[0].Kind == klondike.Draw && r.intn(3) == 0 {
					m = ms[0]
				}
				_ = s.Apply(m)
			}
			p, g := fromState(&s)
			if !p.blocked(&g) {
				continue
			}
			blocked++
			if confirmLost(t, s, rules.Name+" seed "+strconv.FormatUint(seed, 10)+": blocked") {
				checked++
			}
		}
	}
	t.Logf("%d blocked positions, %d decided by brute force", blocked, checked)
	if checked < want {
		t.Errorf("got %d blocked positions decided by brute force, want at least %d", checked, want)
	}
}

// TestBlockedDealsLostByExactSearch checks deals the relaxation proves
// lost at the start with the exact search alone: none may be won, and
// those it decides must be lost.
func TestBlockedDealsLostByExactSearch(t *testing.T) {
	var blocked, confirmed int
	for _, name := range []string{"relaxed-3", "relaxed-1", "bvs", "classic"} {
		rules := mustProfile(t, name)
		for seed := uint64(1); seed <= 100; seed++ {
			s := klondike.MustNew(klondike.NewDeal(seed), rules)
			p, g := fromState(&s)
			p.autoMoves(&g, nil)
			if !p.blocked(&g) {
				continue
			}
			blocked++
			res := Solve(context.Background(), s, Config{MaxNodes: 20_000, noBlocked: true})
			switch res.Verdict {
			case Won:
				t.Errorf("%s seed %d: blocked, exact search wins", name, seed)
			case Lost:
				confirmed++
			}
		}
	}
	t.Logf("%d deals blocked, %d confirmed lost by the exact search", blocked, confirmed)
	if confirmed < 5 {
		t.Errorf("got %d blocked deals confirmed lost, want at least 5", confirmed)
	}
}
