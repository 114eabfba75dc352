package spider

import (
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cards"
	"github.com/solitaire-race/racer/internal/enginetest"
)

func FuzzParseMove(f *testing.F) {
	for _, s := range allMoveStrings()[:60] {
		f.Add(s)
	}
	for _, s := range []string{"", "d", "10-1", "1-10x13", "0-1", "11-1", "3-3", "3-5x0", "3-5x14", "3-5x01", "01-2", "3-5x", " D", "D ", "3-5x4x", "100-1", "\xff", "10-10"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		enginetest.CheckParseMove(t, s, ParseMove, ErrNotation)
	})
}

func FuzzParseDeal(f *testing.F) {
	d0 := NewDeal(0, 4).String()
	f.Add(d0)
	f.Add(NewDeal(42, 2).String())
	f.Add(NewDeal(42, 1).String())
	f.Add(strings.ReplaceAll(d0, " ", "\n\t "))
	f.Add(d0[:len(d0)-3])
	f.Add(d0[:len(d0)-2] + d0[:2])
	f.Add(strings.ToLower(d0))
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		enginetest.CheckParseDeal(t, s, ParseDeal, ErrNotation, func(d Deal) error {
			_, err := New(d, Rules{Suits: d.Suits()})
			return err
		})
	})
}

// FuzzApply plays a seeded random prefix, then one step per byte of ops:
// a byte below 0xE0 picks a legal move, a byte from 0xE0 up makes a Move
// of the next four bytes, malformed or not. Apply must accept exactly the
// moves Moves lists, change nothing on the others, and keep every
// invariant; the hint must be legal, and StuckWithin must agree with the
// reference search at the end.
func FuzzApply(f *testing.F) {
	f.Add(uint64(0), uint8(0), []byte{})
	f.Add(uint64(1), uint8(1), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(uint64(42), uint8(0xFF), []byte{0xE0, 1, 2, 4, 3, 0xE5, 0, 0, 0, 1, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF})
	f.Add(uint64(1<<63), uint8(0x82), []byte("the quick brown fox jumps over the lazy dog"))
	f.Add(uint64(7), uint8(0x43), []byte{0xE1, 1, 0, 0, 0, 0xE2, 0, 9, 0, 13, 0xE7, 0, 6, 3, 2})
	profiles := allProfiles(f)
	f.Fuzz(func(t *testing.T, seed uint64, prof uint8, ops []byte) {
		r := profiles[int(prof)%len(profiles)]
		s := MustNew(NewDeal(seed, r.Suits), r)
		rng := cards.NewSplitMix64(seed ^ 0x5DEECE66D)
		engine.PlayPrefix(t, &s, &rng, int(prof>>3*8))
		checkInvariants(t, &s)
		engine.PlayOps(t, &s, ops, func(b []byte) Move {
			return Move{deal: b[0]&1 == 1, from: b[1], to: b[2], n: b[3]}
		})
		if h, ok := Hint(&s); ok != (len(s.Moves()) > 0) || ok && !s.Legal(h) {
			t.Fatalf("Hint = %v %v\n%s", h, ok, &s)
		}
		_ = s.View()
		// The reference stops at the first progress its depth-first search
		// meets, which can be far into a large set: StuckWithin must agree
		// when sure, and be sure when the reference saw the whole set
		// (stuck).
		if want, sure := stuckReference(&s, 500); sure {
			got, gotSure := s.StuckWithin(20_000)
			if gotSure && got != want || want && !gotSure {
				t.Fatalf("StuckWithin = %v (sure %v), reference %v\n%s", got, gotSure, want, &s)
			}
		}
	})
}
