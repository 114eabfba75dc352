package klondike

import (
	"math/rand/v2"
	"testing"
)

// TestRandomPlayInvariants plays random games under every profile: after
// every move 52 cards are in play once each, the action counter grew by
// one and the pass limit holds; a random illegal move changes nothing.
func TestRandomPlayInvariants(t *testing.T) {
	all := allMoveStrings()
	for _, r := range allProfiles(t) {
		t.Run(r.Name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(len(r.Name))))
			games := 15
			if testing.Short() {
				games = 5 // CI plays 15
			}
			for game := range games {
				s := MustNew(NewDeal(rng.Uint64()), r)
				checkInvariants(t, &s)
				playRandom(rng, &s, 400, func(before, after *State, m Move) {
					checkInvariants(t, after)
					if after.Actions() != before.Actions()+1 {
						t.Fatalf("game %d, %v: actions %d, want %d", game, m, after.Actions(), before.Actions()+1)
					}
					if m.Kind == Recycle && after.PassesUsed() != before.PassesUsed()+1 {
						t.Fatalf("R: passes used %d, want %d", after.PassesUsed(), before.PassesUsed()+1)
					}
					if m.Kind != Recycle && after.PassesUsed() != before.PassesUsed() {
						t.Fatalf("%v changed the passes used", m)
					}
					engine.TryIllegal(t, rng, after, all, 3)
				})
			}
		})
	}
}

// TestMovesMatchApply checks, along random games under every profile,
// that Moves lists exactly the moves Apply accepts among every move the
// notation can write, each once and in canonical form.
func TestMovesMatchApply(t *testing.T) {
	all := allMoveStrings()
	for _, r := range allProfiles(t) {
		t.Run(r.Name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(2, uint64(len(r.Name))))
			engine.MovesMatchApply(t, rng, all, func(seed uint64) State { return MustNew(NewDeal(seed), r) }, nil)
		})
	}
}
