package spider

import (
	"math/rand/v2"
	"testing"
)

// TestRandomPlayInvariants plays random games under every profile: after
// every action the 104 cards of the two decks are all in play, table,
// stock and completed runs together, none lost or added; the action
// counter grew by one; face-down cards and completed runs only change as
// the rules say; a random illegal move changes nothing.
func TestRandomPlayInvariants(t *testing.T) {
	all := allMoveStrings()
	for _, r := range allProfiles(t) {
		t.Run(r.Name(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(r.Suits)<<8|uint64(r.Groups)))
			won := 0
			games := 12
			if testing.Short() {
				games = 2 // CI plays 12
			}
			for game := range games {
				s := MustNew(NewDeal(rng.Uint64(), r.Suits), r)
				checkInvariants(t, &s)
				playRandom(rng, &s, 500, func(before, after *State, m Move) {
					checkInvariants(t, after)
					if after.Actions() != before.Actions()+1 {
						t.Fatalf("game %d, %v: actions %d, want %d", game, m, after.Actions(), before.Actions()+1)
					}
					if after.Completed() < before.Completed() || after.FaceDownCount() > before.FaceDownCount() {
						t.Fatalf("%v: completed %d → %d, face down %d → %d", m, before.Completed(), after.Completed(), before.FaceDownCount(), after.FaceDownCount())
					}
					if want := before.StockLeft(); m.IsDeal() {
						if after.StockLeft() != want-NumColumns {
							t.Fatalf("D: stock %d, want %d", after.StockLeft(), want-NumColumns)
						}
					} else if after.StockLeft() != want {
						t.Fatalf("%v changed the stock", m)
					}
					engine.TryIllegal(t, rng, after, all, 3)
				})
				if s.Won() {
					won++
				}
			}
			t.Logf("%d of %d random games won", won, games)
		})
	}
}

// TestMovesMatchApply checks, along random games under every profile,
// that Moves lists exactly the moves Apply accepts among every move the
// notation can write, each once and in canonical form, and agrees with
// the brute-force reference. With -short it checks three profiles, every
// number of suits and both rules of groups among them.
func TestMovesMatchApply(t *testing.T) {
	all := allMoveStrings()
	profiles := allProfiles(t)
	if testing.Short() {
		profiles = []Rules{mustProfile(t, "spider-1"), mustProfile(t, "spider-2-std"), mustProfile(t, "spider-4")}
	}
	for _, r := range profiles {
		t.Run(r.Name(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(2, uint64(r.Suits)<<8|uint64(r.Groups)))
			engine.MovesMatchApply(t, rng, all, func(seed uint64) State { return MustNew(NewDeal(seed, r.Suits), r) }, refMoves)
		})
	}
}

// TestAppendMovesDoesNotAllocate: with room in the buffer, move
// generation allocates nothing, nor does Apply of a legal move.
func TestAppendMovesDoesNotAllocate(t *testing.T) {
	ps := randomPositions(3, mustProfile(t, "spider-2"), 16, 200)
	var buf [256]Move
	allocs := testing.AllocsPerRun(20, func() {
		for i := range ps {
			ms := ps[i].AppendMoves(buf[:0])
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
