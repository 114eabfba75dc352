package klondike

import (
	"errors"
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
			var buf [64]Move
			for game := range 15 {
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
					legal := after.Moves(buf[:0])
					for range 3 {
						im, _ := ParseMove(all[rng.IntN(len(all))])
						if containsMove(legal, im) {
							continue
						}
						keep := *after
						err := after.Apply(im)
						var ie *IllegalMoveError
						if !errors.As(err, &ie) || !errors.Is(err, ErrIllegalMove) || ie.Move != im || ie.Reason == "" {
							t.Fatalf("illegal %v: got %v, want an *IllegalMoveError with a reason", im, err)
						}
						if *after != keep {
							t.Fatalf("illegal %v changed the position", im)
						}
					}
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
	parsed := make([]Move, len(all))
	for i, text := range all {
		m, err := ParseMove(text)
		if err != nil {
			t.Fatalf("ParseMove(%q): %v", text, err)
		}
		parsed[i] = m
	}
	for _, r := range allProfiles(t) {
		t.Run(r.Name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(2, uint64(len(r.Name))))
			var buf [64]Move
			checked := 0
			for range 4 {
				s := MustNew(NewDeal(rng.Uint64()), r)
				step := 0
				check := func(s *State) {
					legal := s.Moves(buf[:0])
					seen := map[Move]bool{}
					for _, m := range legal {
						if seen[m] {
							t.Fatalf("Moves lists %v twice", m)
						}
						seen[m] = true
						if back, err := ParseMove(m.String()); err != nil || back != m {
							t.Fatalf("Moves lists %#v, whose notation %q does not parse back", m, m.String())
						}
					}
					accepted := 0
					for i, m := range parsed {
						ok := s.Legal(m)
						if ok != seen[m] {
							t.Fatalf("%s: Apply accepts %v, Moves lists it %v\n%s", all[i], ok, seen[m], s)
						}
						if ok && all[i] == m.String() {
							accepted++
						}
					}
					if accepted != len(legal) {
						t.Fatalf("Apply accepts %d moves, Moves lists %d", accepted, len(legal))
					}
					checked++
				}
				check(&s)
				playRandom(rng, &s, 300, func(_, after *State, _ Move) {
					if step++; step%10 == 0 {
						check(after)
					}
				})
			}
			if checked < 40 {
				t.Errorf("checked %d positions, want at least 40", checked)
			}
		})
	}
}
