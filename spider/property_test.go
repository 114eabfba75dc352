package spider

import (
	"errors"
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
			for game := range 12 {
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
					legal := after.Moves()
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
				if s.Won() {
					won++
				}
			}
			t.Logf("%d of 12 random games won", won)
		})
	}
}

// TestMovesMatchApply checks, along random games under every profile,
// that Moves lists exactly the moves Apply accepts among every move the
// notation can write, each once and in canonical form, and agrees with
// the brute-force reference.
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
		t.Run(r.Name(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(2, uint64(r.Suits)<<8|uint64(r.Groups)))
			checked := 0
			for range 4 {
				s := MustNew(NewDeal(rng.Uint64(), r.Suits), r)
				step := 0
				check := func(s *State) {
					legal := s.Moves()
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
					ref := refMoves(s)
					if len(ref) != len(legal) {
						t.Fatalf("Moves lists %d, the reference %d: %v / %v\n%s", len(legal), len(ref), legal, ref, s)
					}
					for _, m := range ref {
						if !seen[m] {
							t.Fatalf("the reference lists %v, Moves does not\n%s", m, s)
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
