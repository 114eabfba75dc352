package solver

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/solitaire-race/racer/klondike"
)

// replayWins checks that a won result's line replays to a win.
func replayWins(t *testing.T, s klondike.State, res Result) {
	t.Helper()
	for i, m := range res.Moves {
		if err := s.Apply(m); err != nil {
			t.Fatalf("move %d of the line (%v): %v", i, m, err)
		}
	}
	if !s.Won() {
		t.Fatalf("line of %d moves does not win: got %d cards on foundations, want 52", len(res.Moves), s.FoundationCards())
	}
}

func mustProfile(t testing.TB, name string) klondike.Rules {
	t.Helper()
	r, err := klondike.Profile(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestSolveSeedsReplay replays the won lines of the first two won deals
// of each profile, of the first one with -short.
func TestSolveSeedsReplay(t *testing.T) {
	wins := 2
	if testing.Short() {
		wins = 1
	}
	for _, name := range []string{"relaxed-3", "relaxed-1", "bvs", "classic", "classic-3"} {
		t.Run(name, func(t *testing.T) {
			r := mustProfile(t, name)
			won := 0
			for seed := uint64(1); seed <= 20 && won < wins; seed++ {
				s := klondike.MustNew(klondike.NewDeal(seed), r)
				res := Solve(context.Background(), s, Config{MaxNodes: 30_000})
				if res.Verdict == Won {
					won++
					replayWins(t, s, res)
				}
			}
			if won == 0 {
				t.Errorf("got no won deal among 20 seeds under %s", name)
			}
		})
	}
}

// variants returns every rule variant of one draw count, with a
// looseness order: passes 1 < 3 < unlimited, foundation-to-column off <
// on.
func variants(draw int) []klondike.Rules {
	var out []klondike.Rules
	for _, passes := range []int{1, 3, klondike.Unlimited} {
		for _, f2c := range []bool{false, true} {
			out = append(out, klondike.Rules{
				Name: fmt.Sprintf("d%d-p%d-f%v", draw, passes, f2c), Draw: draw, Passes: passes, FoundationToColumn: f2c,
			})
		}
	}
	return out
}

func passRank(p int) int {
	if p == klondike.Unlimited {
		return 100
	}
	return p
}

// looser reports whether b allows everything a allows.
func looser(a, b klondike.Rules) bool {
	return a.Draw == b.Draw && passRank(b.Passes) >= passRank(a.Passes) && (b.FoundationToColumn || !a.FoundationToColumn)
}

// TestConsistencyAcrossProfiles checks that no deal is won under some
// rules and lost under looser ones, and that every won line replays.
func TestConsistencyAcrossProfiles(t *testing.T) {
	t.Parallel()
	// -short checks 18 deals a draw count and fewer decided pairs; CI
	// checks 200.
	seeds, want := uint64(200), 100
	if testing.Short() {
		seeds, want = 18, 50
	}
	checked := 0
	for _, draw := range []int{1, 3} {
		vs := variants(draw)
		for seed := uint64(1000); seed < 1000+seeds; seed++ {
			d := klondike.NewDeal(seed)
			verdicts := make([]Verdict, len(vs))
			for i, r := range vs {
				s := klondike.MustNew(d, r)
				res := Solve(context.Background(), s, Config{MaxNodes: 250})
				verdicts[i] = res.Verdict
				if res.Verdict == Won {
					replayWins(t, s, res)
				}
			}
			for i, a := range vs {
				for j, b := range vs {
					if i == j || !looser(a, b) || verdicts[i] == Unknown || verdicts[j] == Unknown {
						continue
					}
					checked++
					if verdicts[i] == Won && verdicts[j] == Lost {
						t.Errorf("seed %d: got won under %s and lost under looser %s", seed, a.Name, b.Name)
					}
				}
			}
		}
	}
	if checked < want {
		t.Errorf("got %d decided pairs, want at least %d to mean something", checked, want)
	}
}

// bruteForce is the reference: a plain depth-first search over engine
// states with a visited set and no pruning. decided is false when more
// than budget states were needed.
func bruteForce(s klondike.State, budget int) (won, decided bool) {
	seen := map[string]bool{}
	stack := []klondike.State{s}
	var buf [64]klondike.Move
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if cur.Won() {
			return true, true
		}
		k := stateKey(&cur)
		if seen[k] {
			continue
		}
		if len(seen) >= budget {
			return false, false
		}
		seen[k] = true
		for _, m := range cur.Moves(buf[:0]) {
			next := cur
			if next.Apply(m) == nil {
				stack = append(stack, next)
			}
		}
	}
	return false, true
}

// stateKey describes a position exactly, counters left out (and passes
// when they are unlimited).
func stateKey(s *klondike.State) string {
	b := make([]byte, 0, 96)
	for i := 0; i < klondike.NumColumns; i++ {
		b = append(b, byte(s.FaceDown(i)))
		for _, c := range s.Column(i) {
			b = append(b, byte(c))
		}
		b = append(b, 0xff)
	}
	for _, c := range s.Waste() {
		b = append(b, byte(c))
	}
	b = append(b, 0xfe)
	for _, c := range s.Stock() {
		b = append(b, byte(c))
	}
	b = append(b, 0xfd)
	for su := klondike.Suit(0); su < klondike.NumSuits; su++ {
		b = append(b, byte(s.Foundation(su)))
	}
	if s.Rules().Passes != klondike.Unlimited {
		b = append(b, byte(s.PassesUsed()))
	}
	return string(b)
}

// rng is a small deterministic generator for tests.
type rng uint64

func (r *rng) intn(n int) int {
	*r += 0x9E3779B97F4A7C15
	return int(mix(uint64(*r)) % uint64(n))
}

// solverWalk plays up to n random solver moves from s, each followed by
// the safe moves, and returns the engine state reached. after, if not
// nil, sees each move with the positions before and after it.
func solverWalk(t *testing.T, s klondike.State, twins bool, r *rng, n int, after func(before, p *pos, g *game, m mv)) klondike.State {
	t.Helper()
	p, g := fromState(&s)
	g.twins = twins
	tal := make([]uint8, 0, 2*talonSize)
	var line []mv
	for range n {
		ms := p.moves(&g, nil, tal, false)
		if len(ms) == 0 {
			break
		}
		m := ms[r.intn(len(ms))]
		before := p
		p.apply(&g, m)
		line = append(line, m)
		line = p.autoMoves(&g, line)
		if after != nil {
			after(&before, &p, &g, m)
		}
	}
	start := s
	for _, em := range toEngine(start, line) {
		if err := s.Apply(em); err != nil {
			t.Fatalf("%s: replaying a random walk: %v", s.Rules().Name, err)
		}
	}
	return s
}

// nearEnd returns positions with few cards left: a won line played but
// for its last moves, then a few random moves that may spoil it.
func nearEnd(t *testing.T, rules klondike.Rules, seeds int) []klondike.State {
	t.Helper()
	var out []klondike.State
	r := rng(len(rules.Name))
	var buf [64]klondike.Move
	for seed := uint64(1); len(out) < seeds && seed < 400; seed++ {
		s := klondike.MustNew(klondike.NewDeal(seed), rules)
		res := Solve(context.Background(), s, Config{MaxNodes: 3000})
		if res.Verdict != Won {
			continue
		}
		back := 4 + r.intn(24)
		if rules.FoundationToColumn {
			back = 2 + r.intn(8) // taking cards down makes the reference's space large
		}
		keep := len(res.Moves) - back
		for _, m := range res.Moves[:max(keep, 0)] {
			if err := s.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
		out = append(out, s)
		if r.intn(2) == 0 {
			// Turn the whole stock over without playing: with limited
			// passes this often buries a card for good.
			for range 100 {
				if s.Apply(klondike.DrawMove()) != nil && s.Apply(klondike.RecycleMove()) != nil {
					break
				}
			}
		}
		for range 1 + r.intn(8) {
			ms := s.Moves(buf[:0])
			if len(ms) == 0 {
				break
			}
			m := ms[r.intn(len(ms))]
			if ms[0].Kind == klondike.Draw && r.intn(2) == 0 {
				m = ms[0] // draws spoil a limited stock
			}
			if err := s.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
		out = append(out, s)
	}
	return out
}

// TestAgreesWithBruteForce compares the solver with the reference on
// positions near the end, where the reference can finish. With
// foundation-to-column moves the reference's space is too large even
// there (every card on a foundation can come back down), so those rules
// are covered by TestConsistencyAcrossProfiles instead.
func TestAgreesWithBruteForce(t *testing.T) {
	t.Parallel()
	var won, lost int
	nearEndRules := []klondike.Rules{
		{Name: "classic", Draw: 1, Passes: 1},
		{Name: "classic-3", Draw: 3, Passes: 3},
		{Name: "d3-p1", Draw: 3, Passes: 1},
		{Name: "d3-unlimited", Draw: 3, Passes: klondike.Unlimited},
		{Name: "d1-unlimited", Draw: 1, Passes: klondike.Unlimited},
	}
	nearN, lostSeeds := 6, uint64(60)
	if testing.Short() {
		// -short compares two rule variants, draw 3 with limited passes
		// and draw 1 with unlimited ones (their won deals are quick to
		// find), 5 positions near the end of each and 12 deals; CI runs
		// all.
		nearEndRules, nearN, lostSeeds = []klondike.Rules{nearEndRules[1], nearEndRules[4]}, 5, 12
	}
	for _, rules := range nearEndRules {
		t.Run(rules.Name, func(t *testing.T) {
			for i, s := range nearEnd(t, rules, nearN) {
				want, ok := bruteForce(s, 8000)
				if !ok {
					continue
				}
				res := Solve(context.Background(), s, Config{MaxNodes: 200_000})
				if res.Verdict == Unknown {
					t.Errorf("position %d: got unknown where brute force decides", i)
					continue
				}
				if got := res.Verdict == Won; got != want {
					t.Errorf("position %d: got %v, brute force says won=%v\n%v", i, res.Verdict, want, s.String())
				}
				if res.Verdict == Won {
					won++
					replayWins(t, s, res)
				} else {
					lost++
				}
			}
		})
	}
	// Deals the solver proves lost quickly: the reference must agree.
	for _, rules := range []klondike.Rules{
		{Name: "classic", Draw: 1, Passes: 1},
		{Name: "d3-p1", Draw: 3, Passes: 1},
		{Name: "d1-p1-f2c", Draw: 1, Passes: 1, FoundationToColumn: true},
		{Name: "d3-p1-f2c", Draw: 3, Passes: 1, FoundationToColumn: true},
	} {
		for seed := uint64(1); seed <= lostSeeds; seed++ {
			s := klondike.MustNew(klondike.NewDeal(seed), rules)
			res := Solve(context.Background(), s, Config{MaxNodes: 300})
			if res.Verdict != Lost {
				continue
			}
			want, ok := bruteForce(s, 10_000)
			if !ok {
				continue
			}
			lost++
			if want {
				t.Errorf("%s seed %d: got lost, brute force wins", rules.Name, seed)
			}
		}
	}
	t.Logf("%d won, %d lost positions compared", won, lost)
	if won < 10 || lost < 3 {
		t.Errorf("got %d won and %d lost positions compared, want at least 10 and 3", won, lost)
	}
}

// TestStuckIsLost checks the solver against the engine's stuck detection
// on positions reached by random play: a stuck game can never be won.
func TestStuckIsLost(t *testing.T) {
	rules := mustProfile(t, "classic")
	r := rng(7)
	var buf [64]klondike.Move
	n := 0
	for seed := uint64(1); seed <= 40; seed++ {
		s := klondike.MustNew(klondike.NewDeal(seed), rules)
		for range 120 {
			ms := s.Moves(buf[:0])
			if len(ms) == 0 {
				break
			}
			_ = s.Apply(ms[r.intn(len(ms))])
		}
		stuck, sure := s.StuckWithin(20_000)
		if !sure || !stuck {
			continue
		}
		n++
		res := Solve(context.Background(), s, Config{MaxNodes: 100_000})
		if res.Verdict != Lost {
			t.Errorf("seed %d: stuck position: got %v, want lost\n%v", seed, res.Verdict, s.String())
		}
	}
	if n < 5 {
		t.Errorf("got %d stuck positions, want at least 5", n)
	}
}

func TestBudgets(t *testing.T) {
	s := klondike.MustNew(klondike.NewDeal(2), mustProfile(t, "relaxed-3"))
	res := Solve(context.Background(), s, Config{MaxNodes: 10})
	if res.Verdict != Unknown || res.Stop != "nodes" {
		t.Errorf("10 nodes: got %v (stop %q), want unknown (nodes)", res.Verdict, res.Stop)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res = Solve(ctx, s, Config{})
	if res.Verdict != Unknown || res.Stop != "canceled" {
		t.Errorf("canceled: got %v (stop %q), want unknown (canceled)", res.Verdict, res.Stop)
	}
	res = Solve(context.Background(), s, Config{MaxMemory: 1})
	if res.Verdict == Lost {
		t.Errorf("tiny table: got lost, want won or unknown")
	}
	res = Solve(context.Background(), s, Config{Timeout: time.Nanosecond})
	if res.Verdict == Lost {
		t.Errorf("1ns: got lost, want won or unknown")
	}
}

func TestSolveWonPosition(t *testing.T) {
	s := klondike.MustNew(klondike.NewDeal(10), mustProfile(t, "relaxed-3"))
	res := Solve(context.Background(), s, Config{MaxNodes: 20_000})
	if res.Verdict != Won {
		t.Fatalf("seed 10 within 20,000 nodes: got %v, want won", res.Verdict)
	}
	for _, m := range res.Moves {
		_ = s.Apply(m)
	}
	res = Solve(context.Background(), s, Config{})
	if res.Verdict != Won || len(res.Moves) != 0 {
		t.Errorf("won position: got %v with %d moves, want won with none", res.Verdict, len(res.Moves))
	}
}

// dealsAndPlayed calls f with the deal of each seed in [from, to) under
// every rule variant of both draws, and with the position after 20 to 79
// random moves from it.
func dealsAndPlayed(r *rng, from, to uint64, f func(rules klondike.Rules, seed uint64, s klondike.State)) {
	var buf [64]klondike.Move
	for _, draw := range []int{1, 3} {
		for _, rules := range variants(draw) {
			for seed := from; seed < to; seed++ {
				s := klondike.MustNew(klondike.NewDeal(seed), rules)
				f(rules, seed, s)
				for range 20 + r.intn(60) {
					ms := s.Moves(buf[:0])
					if len(ms) == 0 {
						break
					}
					_ = s.Apply(ms[r.intn(len(ms))])
				}
				f(rules, seed, s)
			}
		}
	}
}

// verdictTally counts the verdicts two configurations of the solver are
// compared on.
type verdictTally struct{ won, lost, restarts int }

// compare solves s with got against w, s's result without got's
// difference (what names it): a won line must replay, and when both
// decide they must agree.
func (v *verdictTally) compare(t *testing.T, s klondike.State, what string, w Result, got Config) {
	t.Helper()
	g := Solve(context.Background(), s, got)
	v.restarts += g.restarts
	if g.Verdict == Won {
		replayWins(t, s, g)
	}
	if g.Verdict == Unknown || w.Verdict == Unknown {
		return
	}
	if g.Verdict != w.Verdict {
		t.Errorf("%s: got %v, without it %v\n%v", what, g.Verdict, w.Verdict, s.String())
	}
	if g.Verdict == Won {
		v.won++
	} else {
		v.lost++
	}
}
