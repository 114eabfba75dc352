package solver

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/solitaire-race/racer/klondike"
)

// solvePos solves a solver position directly, with the exact keys only.
func solvePos(p pos, g game, maxNodes int64) Verdict {
	if p.won() {
		return Won
	}
	cfg := Config{MaxNodes: maxNodes, noTwins: true}.withDefaults()
	sr := newSearch(context.Background(), g, cfg, time.Now())
	return sr.solve(p, cfg)
}

// swapTwinRuns returns p with the runs on the face-up cards u1 and u2
// swapped.
func swapTwinRuns(p pos, u1, u2 klondike.Card) pos {
	find := func(c klondike.Card) (int, uint8) {
		for i := range p.cols {
			col := &p.cols[i]
			for j := col.down; j < col.n; j++ {
				if col.cards[j] == c {
					return i, j
				}
			}
		}
		return -1, 0
	}
	i1, j1 := find(u1)
	i2, j2 := find(u2)
	c1, c2 := &p.cols[i1], &p.cols[i2]
	run1 := append([]klondike.Card(nil), c1.cards[j1+1:c1.n]...)
	run2 := append([]klondike.Card(nil), c2.cards[j2+1:c2.n]...)
	c1.n, c2.n = j1+1, j2+1
	for _, c := range run2 {
		c1.cards[c1.n] = c
		c1.n++
	}
	for _, c := range run1 {
		c2.cards[c2.n] = c
		c2.n++
	}
	p.rekey()
	return p
}

// twinPairs returns the pairs of face-up twins whose runs differ.
func twinPairs(p *pos) [][2]klondike.Card {
	var up [klondike.NumCards]bool
	var above [klondike.NumCards]int
	for i := range p.cols {
		col := &p.cols[i]
		for j := col.down; j < col.n; j++ {
			up[col.cards[j]] = true
			above[col.cards[j]] = int(col.n - j - 1)
		}
	}
	var out [][2]klondike.Card
	for c := range klondike.Card(2 * 13) {
		t := twinOf[c]
		if up[c] && up[t] && above[c]+above[t] > 0 {
			out = append(out, [2]klondike.Card{c, t})
		}
	}
	return out
}

// TestTwinSwapKeepsVerdict checks the claim of twins.go with the exact
// search: positions along won lines and near the end of games, and the
// same positions with the runs on a pair of face-up twins swapped, get the
// same verdict whenever both are decided; random play supplies lost ones. It also checks that twinHash
// does not depend on the swap.
func TestTwinSwapKeepsVerdict(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips the twin swap on positions of 48 deals; CI runs it (go test without -short)")
	}
	t.Parallel()
	var won, lost int
	r := rng(3)
	for _, rules := range []klondike.Rules{
		{Name: "relaxed-3", Draw: 3, Passes: klondike.Unlimited, FoundationToColumn: true},
		{Name: "classic-3", Draw: 3, Passes: 3},
		{Name: "d1-unlimited", Draw: 1, Passes: klondike.Unlimited},
		{Name: "bvs", Draw: 3, Passes: 3, FoundationToColumn: true},
	} {
		var states []klondike.State
		for seed := uint64(1); seed <= 12; seed++ {
			s := klondike.MustNew(klondike.NewDeal(seed), rules)
			res := Solve(context.Background(), s, Config{MaxNodes: 5000})
			if res.Verdict != Won {
				continue
			}
			for _, m := range res.Moves {
				if r.intn(8) == 0 {
					states = append(states, s)
				}
				if err := s.Apply(m); err != nil {
					t.Fatal(err)
				}
			}
		}
		states = append(states, nearEnd(t, rules, 8)...)
		// Random play, which often loses.
		var buf [64]klondike.Move
		for seed := uint64(100); seed < 130; seed++ {
			s := klondike.MustNew(klondike.NewDeal(seed), rules)
			for range 40 + r.intn(80) {
				ms := s.Moves(buf[:0])
				if len(ms) == 0 {
					break
				}
				_ = s.Apply(ms[r.intn(len(ms))])
			}
			states = append(states, s)
		}
		for _, s := range states {
			p, g := fromState(&s)
			pairs := twinPairs(&p)
			if len(pairs) == 0 {
				continue
			}
			pr := pairs[r.intn(len(pairs))]
			q := swapTwinRuns(p, pr[0], pr[1])
			if p.twinHash() != q.twinHash() {
				t.Fatalf("%s: twinHash differs after swapping the runs on %v and %v", rules.Name, pr[0], pr[1])
			}
			a := solvePos(p, g, 20_000)
			b := solvePos(q, g, 20_000)
			if a == Unknown || b == Unknown {
				continue
			}
			if a != b {
				t.Errorf("%s: got %v, and %v after swapping the runs on %v and %v\n%v", rules.Name, a, b, pr[0], pr[1], s.String())
			}
			if a == Won {
				won++
			} else {
				lost++
			}
		}
	}
	t.Logf("%d won and %d lost pairs compared", won, lost)
	if won < 50 || lost < 3 {
		t.Errorf("got %d won and %d lost pairs compared, want at least 50 and 3", won, lost)
	}
}

// exactChildren returns the class keys (twinHash and talon) of the
// positions the exact pass reaches from p in one move and its safe moves,
// with the moves that reach them.
func exactChildren(sr *search, p *pos) map[uint64]mv {
	out := map[uint64]mv{}
	for _, m := range p.moves(&sr.g, nil, sr.talBuf, false) {
		child := *p
		child.apply(&sr.g, m)
		if !sr.useful(p, &child, &m) {
			continue
		}
		child.autoMoves(&sr.g, nil)
		out[posKey(child.twinHash()+child.talonHash(&sr.g), child.wasteCode(&sr.g, child.ptr))] = m
	}
	return out
}

// TestTwinSwapKeepsMoves checks what makes keying the exact pass's
// tables up to twin swaps sound (twins.go): after the runs on a pair of
// face-up twins are swapped, every class of positions the exact pass
// reaches in one move (with the filters and safe moves) is reached from
// the position before the swap too, and the safe moves alone end in one
// class. It also checks that the move pair mTwinHome becomes the engine's
// two moves, reaching the position the solver computed.
func TestTwinSwapKeepsMoves(t *testing.T) {
	t.Parallel()
	r := rng(11)
	// Each deal gives hundreds of swaps: 2 deals per profile under -short
	// still check hundreds, 15 otherwise.
	lastSeed := uint64(315)
	if testing.Short() {
		lastSeed = 302
	}
	var buf [64]klondike.Move
	var swaps, twinHomes int
	for _, rules := range []klondike.Rules{
		{Name: "relaxed-3", Draw: 3, Passes: klondike.Unlimited, FoundationToColumn: true},
		{Name: "classic-3", Draw: 3, Passes: 3},
		{Name: "d1-unlimited", Draw: 1, Passes: klondike.Unlimited},
		{Name: "classic-f2c", Draw: 1, Passes: 1, FoundationToColumn: true},
	} {
		// Positions along won lines, where cards go home, then after a
		// few random moves from there.
		var states []klondike.State
		for seed := uint64(300); seed < lastSeed; seed++ {
			s := klondike.MustNew(klondike.NewDeal(seed), rules)
			res := Solve(context.Background(), s, Config{MaxNodes: 5000})
			if res.Verdict != Won {
				continue
			}
			for i, m := range res.Moves {
				if i%3 == 0 {
					states = append(states, s)
				}
				if i%9 == 0 {
					e := s
					for range 1 + r.intn(6) {
						ms := e.Moves(buf[:0])
						if len(ms) == 0 {
							break
						}
						_ = e.Apply(ms[r.intn(len(ms))])
					}
					states = append(states, e)
				}
				if err := s.Apply(m); err != nil {
					t.Fatal(err)
				}
			}
		}
		for _, s := range states {
			p, g := fromState(&s)
			g.twins = true
			sr := newSearch(context.Background(), g, Config{}.withDefaults(), time.Now())
			for _, m := range p.moves(&sr.g, nil, sr.talBuf, false) {
				if m.kind != mTwinHome {
					continue
				}
				twinHomes++
				q := p
				q.apply(&sr.g, m)
				line := toEngine(s, []mv{m})
				e := s
				for _, em := range line {
					if err := e.Apply(em); err != nil {
						t.Fatalf("%s: twin home %v: %v\n%v", rules.Name, m, err, s.String())
					}
				}
				got, _ := fromState(&e)
				if len(line) != 2 || got.tableauHash() != q.tableauHash() || got.found != q.found {
					t.Fatalf("%s: twin home %v: the engine's %v does not reach the solver's position\n%v", rules.Name, m, line, s.String())
				}
			}
			have := exactChildren(sr, &p)
			for _, pr := range twinPairs(&p) {
				q := swapTwinRuns(p, pr[0], pr[1])
				swaps++
				a, b := p, q
				a.autoMoves(&sr.g, nil)
				b.autoMoves(&sr.g, nil)
				if a.twinHash() != b.twinHash() || a.found != b.found {
					t.Fatalf("%s: safe moves before and after swapping the runs on %v and %v end in different classes\n%v", rules.Name, pr[0], pr[1], s.String())
				}
				for k, m := range exactChildren(sr, &q) {
					if _, ok := have[k]; !ok {
						t.Fatalf("%s: after swapping the runs on %v and %v, move %+v reaches a class no move reaches without the swap\n%v", rules.Name, pr[0], pr[1], m, s.String())
					}
				}
			}
		}
	}
	t.Logf("%d swaps, %d twin-home moves checked", swaps, twinHomes)
	if swaps < 500 || twinHomes < 5 {
		t.Errorf("got %d swaps and %d twin-home moves, want at least 500 and 5", swaps, twinHomes)
	}
}

// TestTwinKeysAgree compares the solver with and without the twin keys
// of its exact searches' tables (twins.go) on deals and on positions after
// random play, under every rule variant: whenever both decide, they must
// agree, and every won line must replay.
func TestTwinKeysAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips the search with and without twin keys on deals and played positions; CI runs it (go test without -short)")
	}
	t.Parallel()
	var v verdictTally
	r := rng(5)
	dealsAndPlayed(&r, 2000, 2012, func(rules klondike.Rules, seed uint64, s klondike.State) {
		w := Solve(context.Background(), s, Config{MaxNodes: 10_000, noTwins: true})
		v.compare(t, s, fmt.Sprintf("%s seed %d with twin keys", rules.Name, seed), w, Config{MaxNodes: 10_000})
	})
	t.Logf("%d won and %d lost verdicts compared", v.won, v.lost)
	if v.won < 50 || v.lost < 50 {
		t.Errorf("got %d won and %d lost verdicts compared, want at least 50 of each", v.won, v.lost)
	}
}
