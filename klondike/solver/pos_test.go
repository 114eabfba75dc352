package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/solitaire-race/racer/klondike"
)

// TestKeysFollowMoves plays random walks of solver moves (all kinds,
// twin-home moves included) and checks after each move that the keys the
// moves keep up to date are those computed from scratch, and that the
// twin-canonical hash does not depend on which twin holds which run.
func TestKeysFollowMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	kinds := map[uint8]int{}
	for _, name := range []string{"relaxed-3", "relaxed-1", "classic"} {
		r, err := klondike.Profile(name)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 40; seed++ {
			s, err := klondike.New(klondike.NewDeal(seed), r)
			if err != nil {
				t.Fatal(err)
			}
			p, g := fromState(&s)
			g.twins = true
			tal := make([]uint8, 0, 2*talonSize)
			for step := 0; step < 200 && !p.won(); step++ {
				ms := p.moves(&g, nil, tal, false)
				if len(ms) == 0 {
					break
				}
				m := ms[rng.IntN(len(ms))]
				p.apply(&g, m)
				kinds[m.kind]++
				fresh := p
				fresh.rekey()
				if p.colKey != fresh.colKey || p.colSum != fresh.colSum || p.edges != fresh.edges || p.up != fresh.up {
					t.Fatalf("%s seed %d step %d after move %+v: keys differ from rekey", name, seed, step, m)
				}
				for c := range klondike.Card(klondike.NumCards) {
					if p.up&(1<<c) != 0 && p.nxt[c] != fresh.nxt[c] {
						t.Fatalf("%s seed %d step %d: successor of %v is %d, want %d", name, seed, step, c, p.nxt[c], fresh.nxt[c])
					}
				}
				if prs := twinPairs(&p); len(prs) > 0 {
					pr := prs[rng.IntN(len(prs))]
					if sw := swapTwinRuns(p, pr[0], pr[1]); sw.twinHash() != p.twinHash() {
						t.Fatalf("%s seed %d step %d: twinHash changes when the runs on %v and %v swap", name, seed, step, pr[0], pr[1])
					} else if sw.tableauHash() == p.tableauHash() {
						t.Fatalf("%s seed %d step %d: tableauHash ignores the swap of the runs on %v and %v", name, seed, step, pr[0], pr[1])
					}
				}
			}
		}
	}
	for _, k := range []uint8{mColFound, mColCol, mTalonFound, mTalonCol, mFoundCol, mTwinHome} {
		if kinds[k] == 0 {
			t.Errorf("no move of kind %d was played: the walk does not cover it", k)
		}
	}
}

// TestAutoMovesAfter checks the shortcut the search takes after each move
// against autoMoves itself: from positions autoMoves left nothing to
// play in, every move followed by autoMovesAfter ends in the same
// position with the same safe moves played, under every pass and draw
// rule (draw 1 with unlimited passes plays talon cards too).
func TestAutoMovesAfter(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	played := 0
	for _, name := range []string{"relaxed-3", "relaxed-1", "classic"} {
		r, err := klondike.Profile(name)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 60; seed++ {
			s, err := klondike.New(klondike.NewDeal(seed), r)
			if err != nil {
				t.Fatal(err)
			}
			p, g := fromState(&s)
			p.autoMoves(&g, nil)
			tal := make([]uint8, 0, 2*talonSize)
			for step := 0; step < 150 && !p.won(); step++ {
				ms := p.moves(&g, nil, tal, false)
				if len(ms) == 0 {
					break
				}
				for i := range ms {
					a, b := p, p
					a.apply(&g, ms[i])
					b.apply(&g, ms[i])
					la := a.autoMoves(&g, nil)
					lb := b.autoMovesAfter(&g, nil, &ms[i])
					if a != b || len(la) != len(lb) {
						t.Fatalf("%s seed %d step %d, move %+v: autoMovesAfter played %v, autoMoves %v", name, seed, step, ms[i], lb, la)
					}
					played += len(la)
				}
				p.apply(&g, ms[rng.IntN(len(ms))])
				p.autoMoves(&g, nil)
			}
		}
	}
	if played < 1000 {
		t.Errorf("got %d safe moves played after the moves tried, want at least 1000", played)
	}
}
