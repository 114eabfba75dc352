package klondike

import (
	"errors"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cards"
)

func FuzzParseMove(f *testing.F) {
	for _, s := range allMoveStrings() {
		f.Add(s)
	}
	for _, s := range []string{"", "d", "W-0", "W-8", "3-3", "3-5x0", "3-5x14", "3-5x01", "FX-1", "F-1", "3-5x", " D", "D ", "3-5x4x", "W-FF", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			if !errors.Is(err, ErrNotation) {
				t.Fatalf("ParseMove(%q) error %v does not wrap ErrNotation", s, err)
			}
			return
		}
		text := m.String()
		want := strings.TrimSuffix(s, "x1")
		if text != want {
			t.Fatalf("ParseMove(%q).String() = %q, want %q", s, text, want)
		}
		m2, err := ParseMove(text)
		if err != nil || m2 != m {
			t.Fatalf("ParseMove(%q) = %v, %v; want %v (from %q)", text, m2, err, m, s)
		}
		if b, err := m.MarshalText(); err != nil || string(b) != text {
			t.Fatalf("MarshalText(%v) = %q, %v; want %q", m, b, err, text)
		}
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
		d, err := ParseDeal(s)
		if err != nil {
			if !errors.Is(err, ErrNotation) {
				t.Fatalf("ParseDeal error %v does not wrap ErrNotation", err)
			}
			return
		}
		if err := d.Validate(); err != nil {
			t.Fatalf("ParseDeal accepted an invalid deal: %v", err)
		}
		if got, want := d.String(), strings.Join(strings.Fields(s), " "); got != want {
			t.Fatalf("ParseDeal(%q).String() = %q, want %q", s, got, want)
		}
		d2, err := ParseDeal(d.String())
		if err != nil || d2 != d {
			t.Fatalf("round trip: got %v, %v; want %v", d2, err, d)
		}
		if _, err := New(d, Rules{Draw: 3, Passes: 3}); err != nil {
			t.Fatalf("New on a parsed deal: %v", err)
		}
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
		var buf [64]Move
		for range int(prof >> 3 * 8) {
			ms := s.Moves(buf[:0])
			if len(ms) == 0 {
				break
			}
			if err := s.Apply(ms[rng.Below(uint64(len(ms)))]); err != nil {
				t.Fatalf("legal move refused: %v", err)
			}
		}
		checkInvariants(t, &s)
		for i := 0; i < len(ops); i++ {
			legal := s.Moves(buf[:0])
			var m Move
			if ops[i] < 0xE0 {
				if len(legal) == 0 {
					continue
				}
				m = legal[int(ops[i])%len(legal)]
			} else if i+4 < len(ops) {
				m = Move{Kind: MoveKind(ops[i+1]), From: ops[i+2], To: ops[i+3], N: ops[i+4]}
				i += 4
			} else {
				break
			}
			before := s
			err := s.Apply(m)
			if want := containsMove(legal, m); (err == nil) != want {
				t.Fatalf("Apply(%v) = %v; listed by Moves: %v\n%s", m, err, want, &before)
			}
			if err != nil {
				var ie *IllegalMoveError
				if !errors.As(err, &ie) || ie.Move != m || ie.Reason == "" || !errors.Is(err, ErrIllegalMove) {
					t.Fatalf("Apply(%v) error %#v, want an *IllegalMoveError with a reason", m, err)
				}
				if s != before {
					t.Fatalf("illegal %v changed the position", m)
				}
				continue
			}
			if s.Actions() != before.Actions()+1 {
				t.Fatalf("%v: actions %d, want %d", m, s.Actions(), before.Actions()+1)
			}
			m2, perr := ParseMove(m.String())
			if perr != nil || m2 != m {
				t.Fatalf("legal move %v does not round-trip its notation %q: %v", m, m.String(), perr)
			}
			checkInvariants(t, &s)
		}
		_ = s.View()
		if want, sure := stuckReference(&s, 2000); sure {
			if got, gotSure := s.StuckWithin(DefaultStuckBudget); got != want || !gotSure {
				t.Fatalf("StuckWithin = %v (sure %v), reference %v\n%s", got, gotSure, want, &s)
			}
		}
	})
}
