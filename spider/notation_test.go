package spider

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
		{"D", DealMove(), "D"},
		{"3-5x4", ColumnMove(2, 4, 4), "3-5x4"},
		{"3-5", ColumnMove(2, 4, 1), "3-5"},
		{"3-5x1", ColumnMove(2, 4, 1), "3-5"},
		{"10-1", ColumnMove(9, 0, 1), "10-1"},
		{"1-10x13", ColumnMove(0, 9, 13), "1-10x13"},
		{"9-10x10", ColumnMove(8, 9, 10), "9-10x10"},
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
		})
	}
	m := ColumnMove(2, 4, 4)
	if m.From() != 2 || m.To() != 4 || m.N() != 4 || m.IsDeal() || !DealMove().IsDeal() {
		t.Errorf("accessors of %v: %d %d %d %v", m, m.From(), m.To(), m.N(), m.IsDeal())
	}
}

func TestParseMoveErrors(t *testing.T) {
	for _, in := range []string{
		"", "d", "DD", " D", "D ", "0-1", "11-1", "01-2", "1-0", "1-11", "1-01", "3-3", "10-10",
		"3-5x0", "3-5x14", "3-5x01", "3-5x", "3-5x4x", "3-5y4", "3", "3-", "-5", "W-3", "3-F", "FH-3",
		"100-1", "1-100", "3–5", "3-5x4 ",
	} {
		if m, err := ParseMove(in); !errors.Is(err, ErrNotation) {
			t.Errorf("ParseMove(%q) = %v, %v; want an error wrapping ErrNotation", in, m, err)
		}
	}
}

func TestMalformedMoveText(t *testing.T) {
	for _, m := range []Move{{}, ColumnMove(0, 0, 1), ColumnMove(0, 10, 1), ColumnMove(0, 1, 0), ColumnMove(0, 1, 14), {deal: true, n: 1}} {
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
	if want := 1 + 90*14; len(all) != want {
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

func TestProfiles(t *testing.T) {
	want := map[string]Rules{
		"spider-1":     {Suits: 1, Groups: Permissive},
		"spider-2":     {Suits: 2, Groups: Permissive},
		"spider-4":     {Suits: 4, Groups: Permissive},
		"spider-1-std": {Suits: 1, Groups: Standard},
		"spider-2-std": {Suits: 2, Groups: Standard},
		"spider-4-std": {Suits: 4, Groups: Standard},
	}
	names := ProfileNames()
	if len(names) != len(want) {
		t.Errorf("got profiles %v, want %d", names, len(want))
	}
	for _, n := range names {
		r, err := Profile(n)
		if err != nil || r != want[n] {
			t.Errorf("Profile(%q) = %v, %v; want %v", n, r, err, want[n])
		}
		if !IsProfile(n) || r.Name() != n || r.Validate() != nil {
			t.Errorf("%s: IsProfile %v, Name %q, Validate %v", n, IsProfile(n), r.Name(), r.Validate())
		}
	}
	if !IsProfile(DefaultProfile) {
		t.Errorf("DefaultProfile %q is not a profile", DefaultProfile)
	}
	for _, n := range []string{"", "bvs", "spider", "spider-3", "Spider-1"} {
		if IsProfile(n) {
			t.Errorf("IsProfile(%q) = true", n)
		}
		if _, err := Profile(n); !errors.Is(err, ErrUnknownProfile) || !strings.Contains(err.Error(), "spider: unknown profile") {
			t.Errorf("Profile(%q): got %v, want ErrUnknownProfile", n, err)
		}
	}
	for _, r := range []Rules{{}, {Suits: 3}, {Suits: 4, Groups: 2}} {
		if r.Validate() == nil || r.Name() != "" {
			t.Errorf("%#v: Validate nil or Name %q", r, r.Name())
		}
	}
	if got := want["spider-2"].String(); got != "Spider, 2 suits, any descending run moves" {
		t.Errorf("String: got %q", got)
	}
	if got := want["spider-1-std"].String(); got != "Spider, 1 suit, only one-suit runs move" {
		t.Errorf("String: got %q", got)
	}
}
