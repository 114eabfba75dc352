package freecell

import (
	"slices"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cards"
	"github.com/solitaire-race/racer/internal/enginetest"
)

func FuzzParseMove(f *testing.F) {
	for _, s := range allMoveStrings()[:60] {
		f.Add(s)
	}
	for _, s := range []string{"", "3-a", "a-3", "3-F", "a-F", "F-3", "a-b", "3-5x13", "3-5x14", "3-5x0", "3-5x01", "3-ax1", " 3-5", "3-5 ", "9-1", "\xff", "3-5x4x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		enginetest.CheckParseMove(t, s, ParseMove, ErrNotation)
	})
}

func FuzzParseDeal(f *testing.F) {
	d1 := NewDeal(1).String()
	f.Add(d1)
	f.Add(NewDeal(1 << 40).String())
	f.Add(strings.ReplaceAll(d1, " ", "\n\t "))
	f.Add(d1[:len(d1)-3])
	f.Add(d1[:len(d1)-2] + d1[:2])
	f.Add(strings.ToLower(d1))
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		enginetest.CheckParseDeal(t, s, ParseDeal, ErrNotation, func(d Deal) error {
			_, err := New(d, fourCells)
			return err
		})
	})
}

// FuzzApply plays a seeded random prefix, then one step per byte of ops:
// a byte below 0xE0 picks a legal move, a byte from 0xE0 up makes a Move
// of the next four bytes, malformed or not. Apply must accept exactly the
// moves Moves lists, change nothing on the others, and keep every
// invariant; the safe moves and the hint must be legal, and StuckWithin
// must agree with the reference search at the end.
func FuzzApply(f *testing.F) {
	f.Add(uint64(1), uint8(0), []byte{})
	f.Add(uint64(617), uint8(1), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(uint64(11982), uint8(0xFF), []byte{0xE0, 1, 2, 4, 3, 0xE5, 0, 12, 0, 1, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF})
	f.Add(uint64(1<<63), uint8(0x82), []byte("the quick brown fox jumps over the lazy dog"))
	f.Add(uint64(7), uint8(0x43), []byte{0xE1, 8, 0, 1, 0, 0xE2, 0, 12, 1, 0, 0xE7, 11, 3, 1, 2})
	profiles := allProfiles(f)
	f.Fuzz(func(t *testing.T, seed uint64, prof uint8, ops []byte) {
		r := profiles[int(prof)%len(profiles)]
		s := MustNew(NewDeal(seed), r)
		rng := cards.NewSplitMix64(seed ^ 0x5DEECE66D)
		engine.PlayPrefix(t, &s, &rng, int(prof>>3*4))
		checkInvariants(t, &s)
		engine.PlayOps(t, &s, ops, func(b []byte) Move {
			return Move{from: Place(b[0] % 16), to: Place(b[1] % 16), n: b[2] % 16}
		})
		legal := s.Moves()
		for _, m := range s.SafeMoves() {
			if !slices.Contains(legal, m) || m.To() != Foundation {
				t.Fatalf("safe move %v is not a legal move home", m)
			}
		}
		if m, ok := Hint(&s); ok != (len(legal) > 0) || ok && !slices.Contains(legal, m) {
			t.Fatalf("Hint %v, %v with legal moves %v", m, ok, legal)
		}
		if want, sure := stuckReference(&s, 2_000); sure {
			if got, gotSure := s.StuckWithin(DefaultStuckBudget); got != want || !gotSure {
				t.Fatalf("StuckWithin = %v (sure %v), reference %v\n%s", got, gotSure, want, &s)
			}
		}
	})
}
