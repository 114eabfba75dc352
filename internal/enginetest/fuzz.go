package enginetest

import (
	"errors"
	"strings"
	"testing"
)

// CheckParseMove is the body of an engine's FuzzParseMove: parse reads
// s as a move, or fails with an error wrapping errNotation; a move read
// writes s back (without a trailing "x1") by String and MarshalText, and
// that text parses to the same move.
func CheckParseMove[M interface {
	Move
	MarshalText() ([]byte, error)
}](t *testing.T, s string, parse func(string) (M, error), errNotation error) {
	t.Helper()
	m, err := parse(s)
	if err != nil {
		if !errors.Is(err, errNotation) {
			t.Fatalf("ParseMove(%q) error %v does not wrap ErrNotation", s, err)
		}
		return
	}
	text := m.String()
	if want := strings.TrimSuffix(s, "x1"); text != want {
		t.Fatalf("ParseMove(%q).String() = %q, want %q", s, text, want)
	}
	m2, err := parse(text)
	if err != nil || m2 != m {
		t.Fatalf("ParseMove(%q) = %v, %v; want %v (from %q)", text, m2, err, m, s)
	}
	if b, err := m.MarshalText(); err != nil || string(b) != text {
		t.Fatalf("MarshalText(%v) = %q, %v; want %q", m, b, err, text)
	}
}

// Deal is what CheckParseDeal needs of an engine's deal.
type Deal interface {
	comparable
	String() string
	Validate() error
}

// CheckParseDeal is the body of an engine's FuzzParseDeal: parse reads s
// as a deal, or fails with an error wrapping errNotation; a deal read
// validates, writes the cards of s with single spaces, parses back to
// itself, and newGame accepts it.
func CheckParseDeal[D Deal](t *testing.T, s string, parse func(string) (D, error), errNotation error, newGame func(D) error) {
	t.Helper()
	d, err := parse(s)
	if err != nil {
		if !errors.Is(err, errNotation) {
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
	d2, err := parse(d.String())
	if err != nil || d2 != d {
		t.Fatalf("round trip: got %v, %v; want %v", d2, err, d)
	}
	if err := newGame(d); err != nil {
		t.Fatalf("New on a parsed deal: %v", err)
	}
}

// PlayPrefix plays up to n legal moves on s, each the legal move at index
// rng.Below(count), failing t when Apply refuses one.
func (e Engine[S, M, P]) PlayPrefix(t testing.TB, s *S, rng Below, n int) {
	t.Helper()
	var buf []M
	for range n {
		ms := e.Moves(s, buf[:0])
		buf = ms
		if len(ms) == 0 {
			return
		}
		if err := P(s).Apply(ms[rng.Below(uint64(len(ms)))]); err != nil {
			t.Fatalf("legal move refused: %v", err)
		}
	}
}

// PlayOps is the loop of an engine's FuzzApply: one step per byte of ops
// on s, each checked by ApplyChecked. A byte below 0xE0 picks the legal
// move at its value modulo their number (no step when there is none); a
// byte from 0xE0 up makes a move of the next four bytes by raw, malformed
// or not. A byte from 0xE0 up without four bytes after it ends the play.
func (e Engine[S, M, P]) PlayOps(t testing.TB, s *S, ops []byte, raw func(b []byte) M) {
	t.Helper()
	var buf []M
	for i := 0; i < len(ops); i++ {
		legal := e.Moves(s, buf[:0])
		buf = legal
		var m M
		if ops[i] < 0xE0 {
			if len(legal) == 0 {
				continue
			}
			m = legal[int(ops[i])%len(legal)]
		} else if i+4 < len(ops) {
			m = raw(ops[i+1 : i+5])
			i += 4
		} else {
			break
		}
		e.ApplyChecked(t, s, m, legal)
	}
}
