package freecell

import (
	"errors"
	"strings"
	"testing"
)

func TestParseMove(t *testing.T) {
	tests := []struct {
		in   string
		want Move
		text string
	}{
		{"3-5", CascadeMove(2, 4, 1), "3-5"},
		{"3-5x1", CascadeMove(2, 4, 1), "3-5"},
		{"3-5x4", CascadeMove(2, 4, 4), "3-5x4"},
		{"8-1x13", CascadeMove(7, 0, 13), "8-1x13"},
		{"3-a", NewMove(CascadePlace(2), CellPlace(0), 1), "3-a"},
		{"8-d", NewMove(CascadePlace(7), CellPlace(3), 1), "8-d"},
		{"b-5", NewMove(CellPlace(1), CascadePlace(4), 1), "b-5"},
		{"3-F", NewMove(CascadePlace(2), Foundation, 1), "3-F"},
		{"c-F", NewMove(CellPlace(2), Foundation, 1), "c-F"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseMove(tt.in)
			if err != nil || got != tt.want {
				t.Fatalf("got %#v, %v; want %#v", got, err, tt.want)
			}
			if s := got.String(); s != tt.text {
				t.Errorf("String: got %q, want %q", s, tt.text)
			}
			var u Move
			if err := u.UnmarshalText([]byte(tt.in)); err != nil || u != tt.want {
				t.Errorf("UnmarshalText: got %v, %v", u, err)
			}
			if b, err := got.AppendText([]byte("> ")); err != nil || string(b) != "> "+tt.text {
				t.Errorf("AppendText: got %q, %v", b, err)
			}
		})
	}
	m := CascadeMove(2, 4, 4)
	if m.From() != CascadePlace(2) || m.To() != CascadePlace(4) || m.N() != 4 {
		t.Errorf("accessors of %v: %v %v %d", m, m.From(), m.To(), m.N())
	}
}

func TestParseMoveErrors(t *testing.T) {
	for _, in := range []string{
		"", "3", "3-", "-5", "0-1", "9-1", "1-0", "1-9", "3-3", "a-a", "a-b", "d-c", "F-3", "F-a", "3-f", "3-A", "A-3", "e-3", "3-e",
		"3-5x0", "3-5x14", "3-5x01", "3-5x", "3-5x4x", "3-5y4", "3-ax1", "a-3x1", "3-Fx1", "3-5x4 ", " 3-5", "3–5", "35", "3_5",
		"10-1", "1-10", "D", "W-3",
	} {
		if m, err := ParseMove(in); !errors.Is(err, ErrNotation) {
			t.Errorf("ParseMove(%q) = %v, %v; want an error wrapping ErrNotation", in, m, err)
		}
	}
}

func TestMalformedMoveText(t *testing.T) {
	for _, m := range []Move{{}, CascadeMove(0, 0, 1), CascadeMove(0, 1, 0), CascadeMove(0, 1, 14),
		NewMove(CellPlace(0), CellPlace(1), 1), NewMove(Foundation, CascadePlace(0), 1), NewMove(CascadePlace(0), CellPlace(0), 2),
		NewMove(CascadePlace(0), Foundation+1, 1)} {
		if _, err := m.MarshalText(); !errors.Is(err, ErrNotation) {
			t.Errorf("MarshalText(%#v): got %v, want ErrNotation", m, err)
		}
		if s := m.String(); !strings.HasPrefix(s, "Move{") {
			t.Errorf("String(%#v) = %q, want a Move{…} dump", m, s)
		}
	}
}

func TestAllMoveStringsRoundTrip(t *testing.T) {
	all := allMoveStrings()
	// Cascade to cascade: 56 pairs, with and without a count (x1 … x13);
	// cascade to cell, cell to cascade: 32 each; to F: 12.
	if want := 56*14 + 32 + 32 + 12; len(all) != want {
		t.Fatalf("got %d move strings, want %d", len(all), want)
	}
	for _, s := range all {
		m, err := ParseMove(s)
		if err != nil {
			t.Fatalf("ParseMove(%q): %v", s, err)
		}
		if got, want := m.String(), strings.TrimSuffix(s, "x1"); got != want {
			t.Errorf("ParseMove(%q).String() = %q, want %q", s, got, want)
		}
	}
}

func TestPlace(t *testing.T) {
	tests := []struct {
		p             Place
		text          string
		cascade, cell bool
		index         int
	}{
		{CascadePlace(0), "1", true, false, 0},
		{CascadePlace(7), "8", true, false, 7},
		{CellPlace(0), "a", false, true, 0},
		{CellPlace(3), "d", false, true, 3},
		{Foundation, "F", false, false, -1},
		{Foundation + 1, "Place(13)", false, false, -1},
	}
	for _, tt := range tests {
		if tt.p.String() != tt.text || tt.p.IsCascade() != tt.cascade || tt.p.IsCell() != tt.cell || tt.p.Index() != tt.index {
			t.Errorf("Place(%d): got %q, cascade %v, cell %v, index %d; want %q, %v, %v, %d",
				uint8(tt.p), tt.p.String(), tt.p.IsCascade(), tt.p.IsCell(), tt.p.Index(), tt.text, tt.cascade, tt.cell, tt.index)
		}
	}
}

// TestParseMoveAllocatesNothing: a move in notation is read without
// allocating, as the race server reads every move it is sent.
func TestParseMoveAllocatesNothing(t *testing.T) {
	for _, in := range []string{"3-5", "8-1x13", "3-a", "c-F"} {
		if allocs := testing.AllocsPerRun(100, func() { _, _ = ParseMove(in) }); allocs != 0 {
			t.Errorf("ParseMove(%q) allocates %.1f times, want 0", in, allocs)
		}
	}
}
