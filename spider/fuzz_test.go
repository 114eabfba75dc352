package spider

import (
	"errors"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cards"
)

func FuzzParseMove(f *testing.F) {
	for _, s := range allMoveStrings()[:60] {
		f.Add(s)
	}
	for _, s := range []string{"", "d", "10-1", "1-10x13", "0-1", "11-1", "3-3", "3-5x0", "3-5x14", "3-5x01", "01-2", "3-5x", " D", "D ", "3-5x4x", "100-1", "\xff", "10-10"} {
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
		if want := strings.TrimSuffix(s, "x1"); text != want {
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
		if _, err := New(d, Rules{Suits: d.Suits()}); err != nil {
			t.Fatalf("New on a parsed deal: %v", err)
		}
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
		var buf [256]Move
		for range int(prof >> 3 * 8) {
			ms := s.AppendMoves(buf[:0])
			if len(ms) == 0 {
				break
			}
			if err := s.Apply(ms[rng.Below(uint64(len(ms)))]); err != nil {
				t.Fatalf("legal move refused: %v", err)
			}
		}
		checkInvariants(t, &s)
		for i := 0; i < len(ops); i++ {
			legal := s.AppendMoves(buf[:0])
			var m Move
			if ops[i] < 0xE0 {
				if len(legal) == 0 {
					continue
				}
				m = legal[int(ops[i])%len(legal)]
			} else if i+4 < len(ops) {
				m = Move{deal: ops[i+1]&1 == 1, from: ops[i+2], to: ops[i+3], n: ops[i+4]}
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
			if m2, perr := ParseMove(m.String()); perr != nil || m2 != m {
				t.Fatalf("legal move %v does not round-trip its notation %q: %v", m, m.String(), perr)
			}
			checkInvariants(t, &s)
		}
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
