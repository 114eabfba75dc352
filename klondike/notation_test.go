package klondike

import (
	"encoding"
	"errors"
	"strings"
	"testing"
)

var (
	_ encoding.TextMarshaler   = Card(0)
	_ encoding.TextUnmarshaler = (*Card)(nil)
	_ encoding.TextMarshaler   = Move{}
	_ encoding.TextUnmarshaler = (*Move)(nil)
	_ encoding.TextAppender    = Move{}
	_ encoding.TextMarshaler   = Deal{}
	_ encoding.TextUnmarshaler = (*Deal)(nil)
)

// TestCardText checks that the errors of Card's text methods match
// this package's ErrNotation.
func TestCardText(t *testing.T) {
	var c Card
	if err := c.UnmarshalText([]byte("QH")); err != nil || c != NewCard(Queen, Hearts) {
		t.Errorf("UnmarshalText(QH) = %v, %v", c, err)
	}
	if err := c.UnmarshalText([]byte("QQ")); !errors.Is(err, ErrNotation) || c != NewCard(Queen, Hearts) {
		t.Errorf("UnmarshalText(QQ): got %v, card %v; want ErrNotation and no change", err, c)
	}
	if _, err := Card(52).MarshalText(); !errors.Is(err, ErrNotation) {
		t.Errorf("MarshalText(Card(52)): got %v, want ErrNotation", err)
	}
}

func TestMoveText(t *testing.T) {
	var m Move
	if err := m.UnmarshalText([]byte("3-5x4")); err != nil || m != ColumnToColumnMove(2, 4, 4) {
		t.Errorf("UnmarshalText(3-5x4) = %v, %v", m, err)
	}
	if err := m.UnmarshalText([]byte("3-5x0")); !errors.Is(err, ErrNotation) || m != ColumnToColumnMove(2, 4, 4) {
		t.Errorf("UnmarshalText(3-5x0): got %v, move %v; want ErrNotation and no change", err, m)
	}
	b, err := FoundationToColumnMove(Hearts, 2).AppendText([]byte("move "))
	if err != nil || string(b) != "move FH-3" {
		t.Errorf("AppendText = %q, %v; want \"move FH-3\"", b, err)
	}
	if got := (Move{Kind: 42}).String(); got != "Move{42 0 0 0}" {
		t.Errorf("String of a malformed move: got %q", got)
	}
	for _, tt := range []struct {
		m    Move
		want string
	}{
		{DrawMove(), "D"}, {RecycleMove(), "R"}, {WasteToColumnMove(6), "W-7"},
		{WasteToFoundationMove(), "W-F"}, {ColumnToFoundationMove(0), "1-F"},
		{ColumnToColumnMove(0, 1, 1), "1-2"}, {ColumnToColumnMove(6, 0, 13), "7-1x13"},
		{FoundationToColumnMove(Clubs, 3), "FC-4"},
	} {
		if got := tt.m.String(); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
}

func TestIllegalMoveErrorText(t *testing.T) {
	s := MustNew(NewDeal(42), mustProfile(t, "bvs"))
	err := s.Apply(RecycleMove())
	if got, want := err.Error(), "klondike: illegal move R: the stock is not empty yet"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestProfiles(t *testing.T) {
	want := map[string]Rules{
		"bvs":       {Name: "bvs", Draw: 3, Passes: 3, FoundationToColumn: true},
		"classic":   {Name: "classic", Draw: 1, Passes: 1},
		"classic-3": {Name: "classic-3", Draw: 3, Passes: 3},
		"windows-1": {Name: "windows-1", Draw: 1, Passes: Unlimited, FoundationToColumn: true, Undo: true, Hints: true, Scoring: ScoringStandard},
		"windows-3": {Name: "windows-3", Draw: 3, Passes: Unlimited, FoundationToColumn: true, Undo: true, Hints: true, Scoring: ScoringStandard},
		"relaxed-1": {Name: "relaxed-1", Draw: 1, Passes: Unlimited, FoundationToColumn: true, Undo: true, Hints: true},
		"relaxed-3": {Name: "relaxed-3", Draw: 3, Passes: Unlimited, FoundationToColumn: true, Undo: true, Hints: true},
	}
	names := ProfileNames()
	if len(names) != len(want) {
		t.Errorf("got profiles %v, want %d", names, len(want))
	}
	for name, w := range want {
		got, err := Profile(name)
		if err != nil || got != w {
			t.Errorf("Profile(%q) = %+v, %v; want %+v", name, got, err, w)
		}
		if err := got.Validate(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if DefaultProfile != "bvs" {
		t.Errorf("default profile %q, want bvs", DefaultProfile)
	}
	if _, err := Profile("nope"); !errors.Is(err, ErrUnknownProfile) || !strings.Contains(err.Error(), "bvs") {
		t.Errorf("Profile(nope): got %v, want ErrUnknownProfile listing the names", err)
	}
	got := want["bvs"].String()
	if got != "bvs: draw 3, 3 passes, foundation to column allowed, undo not allowed, hints not allowed, scoring none" {
		t.Errorf("bvs String: %q", got)
	}
	for _, r := range []Rules{{Draw: 2, Passes: 1}, {Draw: 1, Passes: 2}, {Draw: 1, Passes: 1, Scoring: 9}} {
		if err := r.Validate(); !errors.Is(err, ErrUnknownProfile) {
			t.Errorf("Validate(%+v): got %v, want ErrUnknownProfile", r, err)
		}
		if _, err := New(NewDeal(1), r); err == nil {
			t.Errorf("New accepted rules %+v", r)
		}
	}
	if _, err := NewGame(Deal{}, want["bvs"]); !errors.Is(err, ErrNotation) {
		t.Errorf("NewGame with an invalid deal: got %v, want ErrNotation", err)
	}
}

func TestStateString(t *testing.T) {
	s := MustNew(NewDeal(42), mustProfile(t, "windows-1"))
	got := s.String()
	for _, want := range []string{"pass 1 (unlimited left)", "stock: 4H 9H 3C", "waste: (empty)", "7: (TC) (JD) (QC) (3H) (QH) (6S) 6H"} {
		if !strings.Contains(got, want) {
			t.Errorf("String lacks %q:\n%s", want, got)
		}
	}
	if s.Rules().Name != "windows-1" {
		t.Errorf("Rules().Name = %q", s.Rules().Name)
	}
}
