package klondike

import (
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cards"
	"github.com/solitaire-race/racer/internal/enginetest"
)

func FuzzParseMove(f *testing.F) {
	for _, s := range allMoveStrings() {
		f.Add(s)
	}
	for _, s := range []string{"", "d", "W-0", "W-8", "3-3", "3-5x0", "3-5x14", "3-5x01", "FX-1", "F-1", "3-5x", " D", "D ", "3-5x4x", "W-FF", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		enginetest.CheckParseMove(t, s, ParseMove, ErrNotation)
	})
}

func FuzzParseDeal(f *testing.F) {
	d0 := NewDeal(0).String()
	f.Add(d0)
	f.Add(NewDeal(42).String())
	f.Add(strings.ReplaceAll(d0, " ", "\n\t "))
	f.Add(d0[:len(d0)-3])                       // 51 cards
	f.Add(d0 + " AS")                           // 53 cards
	f.Add(strings.Replace(d0, d0[:2], "ZZ", 1)) // bad card
	f.Add(d0[:len(d0)-2] + d0[:2])              // a card twice
	f.Add(strings.ToLower(d0))
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		enginetest.CheckParseDeal(t, s, ParseDeal, ErrNotation, func(d Deal) error {
			_, err := New(d, Rules{Draw: 3, Passes: 3})
			return err
		})
	})
}

// FuzzApply plays a seeded random prefix, then one step per byte of ops:
// a byte below 0xE0 picks a legal move, a byte from 0xE0 up makes a Move
// of the next four bytes, malformed or not. Apply must accept exactly the
// moves Moves lists, change nothing on the others, and keep every
// invariant; StuckWithin must agree with the reference search at the end.
func FuzzApply(f *testing.F) {
	f.Add(uint64(0), uint8(0), []byte{})
	f.Add(uint64(1), uint8(1), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(uint64(42), uint8(0xFF), []byte{0xE0, 6, 2, 4, 3, 0, 0xE5, 0, 0, 0, 1, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF})
	f.Add(uint64(1<<63), uint8(0x82), []byte("the quick brown fox jumps over the lazy dog"))
	f.Add(uint64(7), uint8(0x43), []byte{0xE1, 1, 0, 0, 0, 0xE2, 0, 0, 0, 0, 0xE7, 3, 6, 0})
	profiles := allProfiles(f)
	f.Fuzz(func(t *testing.T, seed uint64, prof uint8, ops []byte) {
		r := profiles[int(prof)%len(profiles)]
		s := MustNew(NewDeal(seed), r)
		rng := cards.NewSplitMix64(seed ^ 0x5DEECE66D)
		engine.PlayPrefix(t, &s, &rng, int(prof>>3*8))
		checkInvariants(t, &s)
		engine.PlayOps(t, &s, ops, func(b []byte) Move {
			return Move{Kind: MoveKind(b[0]), From: b[1], To: b[2], N: b[3]}
		})
		_ = s.View()
		if want, sure := stuckReference(&s, 2000); sure {
			if got, gotSure := s.StuckWithin(DefaultStuckBudget); got != want || !gotSure {
				t.Fatalf("StuckWithin = %v (sure %v), reference %v\n%s", got, gotSure, want, &s)
			}
		}
	})
}
