package freecell

import (
	"math/rand/v2"
	"testing"
)

// TestRandomPlayInvariants plays random games under every profile: after
// every move the 52 cards are all in play, each once, across cascades,
// free cells and foundations; the action counter grew by one; cards home
// never leave; a random illegal move changes nothing.
func TestRandomPlayInvariants(t *testing.T) {
	all := allMoveStrings()
	for _, r := range allProfiles(t) {
		t.Run(r.Name(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(r.Cells)))
			games := 12
			if testing.Short() {
				games = 4 // CI plays 12
			}
			most := 0
			for game := range games {
				s := MustNew(NewDeal(rng.Uint64()), r)
				checkInvariants(t, &s)
				playRandom(rng, &s, 400, func(before, after *State, m Move) {
					checkInvariants(t, after)
					if after.Actions() != before.Actions()+1 {
						t.Fatalf("game %d, %v: actions %d, want %d", game, m, after.Actions(), before.Actions()+1)
					}
					home := after.Home() - before.Home()
					if m.To() == Foundation && home != 1 || m.To() != Foundation && home != 0 {
						t.Fatalf("%v: home %d → %d", m, before.Home(), after.Home())
					}
					engine.TryIllegal(t, rng, after, all, 3)
				})
				most = max(most, s.Home())
			}
			t.Logf("%d random games, at most %d cards home", games, most)
		})
	}
}

// TestMovesMatchApply checks, along random games under every profile,
// that Moves lists exactly the moves Apply accepts among every move the
// notation can write, each once and in canonical form, and agrees with
// the brute-force reference.
func TestMovesMatchApply(t *testing.T) {
	all := allMoveStrings()
	for _, r := range allProfiles(t) {
		t.Run(r.Name(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(2, uint64(r.Cells)))
			engine.MovesMatchApply(t, rng, all, func(seed uint64) State { return MustNew(NewDeal(seed), r) }, refMoves)
		})
	}
}

// TestAppendMovesDoesNotAllocate: with room in the buffer, move
// generation allocates nothing, nor does Apply of a legal move, nor the
// safe moves.
func TestAppendMovesDoesNotAllocate(t *testing.T) {
	ps := randomPositions(3, fourCells, 16, 200)
	var buf [256]Move
	allocs := testing.AllocsPerRun(20, func() {
		for i := range ps {
			ms := ps[i].AppendMoves(buf[:0])
			_ = ps[i].AppendSafeMoves(buf[len(ms):len(ms)])
			if len(ms) > 0 {
				s := ps[i]
				_ = s.Apply(ms[len(ms)-1])
			}
		}
	})
	if allocs != 0 {
		t.Errorf("got %v allocations, want 0", allocs)
	}
}

// TestMostMoves: no position lists more moves than the 256 the package's
// buffers hold. Four runs of K … A with four empty cascades and cells
// list 4 × (1 + 4×13 + 4) = 228; a bound over all positions is below 256
// (see AppendMoves).
func TestMostMoves(t *testing.T) {
	cols := [NumCascades]string{"KS QH JC TD 9S 8H 7C 6D 5S 4H 3C 2D AS", "KH QC JD TS 9H 8C 7D 6S 5H 4C 3D 2S AH",
		"KC QD JS TH 9C 8D 7S 6H 5C 4D 3S 2H AC", "KD QS JH TC 9D 8S 7H 6C 5D 4S 3H 2C AD"}
	s := position(t, fourCells, cols, "", [NumSuits]uint8{})
	checkInvariants(t, &s)
	if n := len(s.Moves()); n != 228 {
		t.Errorf("%d moves, want 228", n)
	}
}
