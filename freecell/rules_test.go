package freecell

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestProfiles(t *testing.T) {
	want := map[string]Rules{"freecell": {Cells: 4}, "freecell-3": {Cells: 3}, "freecell-2": {Cells: 2}}
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
	for _, n := range []string{"", "bvs", "spider-1", "freecell-4", "freecell-1", "FreeCell"} {
		if IsProfile(n) {
			t.Errorf("IsProfile(%q) = true", n)
		}
		if _, err := Profile(n); !errors.Is(err, ErrUnknownProfile) || !strings.Contains(err.Error(), "freecell: unknown profile") {
			t.Errorf("Profile(%q): got %v, want ErrUnknownProfile", n, err)
		}
	}
	for _, r := range []Rules{{}, {Cells: 1}, {Cells: 5}, {Cells: -1}} {
		if r.Validate() == nil || r.Name() != "" {
			t.Errorf("%#v: Validate nil or Name %q", r, r.Name())
		}
	}
	if got := want["freecell-3"].String(); got != "FreeCell, 3 free cells" {
		t.Errorf("String: got %q", got)
	}
}

// base is the position of the rule examples: a run of five on cascade 1,
// an empty cascade 3, a run broken at its top on cascade 7, 7H in free
// cell a and the ace of clubs home.
var base = [NumCascades]string{
	"KS QH JC TD 9S",
	"TH",
	"",
	"2C 8D",
	"AH",
	"9C",
	"5S 4H 4S",
	"KC",
}

// TestRuleExamples plays the rules on small positions: each move is legal,
// with the position after it, or not, with the reason.
func TestRuleExamples(t *testing.T) {
	two := Rules{Cells: 2}
	tests := []struct {
		name  string
		rules Rules
		move  string
		// want is "" for an illegal move, else the cards of place at after
		// it; why is part of the reason when illegal.
		at        string
		want, why string
	}{
		{"a card on a card of the other colour one rank higher", fourCells, "1-2", "2", "TH 9S", ""},
		{"it leaves its cascade", fourCells, "1-2", "1", "KS QH JC TD", ""},
		{"not on the same colour", fourCells, "2-6", "", "", "TH does not go on 9C in cascade 6"},
		{"a run of four on a king", fourCells, "1-8x4", "8", "KC QH JC TD 9S", ""},
		{"the run's lowest card must fit", fourCells, "1-8x5", "", "", "KS does not go on KC"},
		{"a run of three does not fit", fourCells, "1-8x3", "", "", "JC does not go on KC"},
		{"a run to an empty cascade", fourCells, "1-3x4", "3", "QH JC TD 9S", ""},
		{"limit to an empty cascade: (1+3)·2⁰", fourCells, "1-3x5", "", "", "with 3 empty free cells and 1 empty cascades at most 4 cards move at once to an empty cascade"},
		{"no run", fourCells, "7-2x2", "", "", "only 1 cards on top of cascade 7 form a run"},
		{"more cards than the cascade", fourCells, "2-3x2", "", "", "cascade 2 holds only 1 cards"},
		{"from an empty cascade", fourCells, "3-1", "", "", "cascade 3 is empty"},
		{"any card to an empty cascade", fourCells, "8-3", "3", "KC", ""},
		{"to a free cell", fourCells, "7-b", "b", "4S", ""},
		{"to a full free cell", fourCells, "7-a", "", "", "free cell a holds 7H"},
		{"from a free cell to an empty cascade", fourCells, "a-3", "3", "7H", ""},
		{"from a free cell onto a card", fourCells, "a-6", "", "", "7H does not go on 9C"},
		{"from an empty free cell", fourCells, "b-3", "", "", "free cell b is empty"},
		{"an ace home", fourCells, "5-F", "F", "1 0 1 0", ""},
		{"the two of clubs is not on top", fourCells, "4-F", "", "", "8D does not go on the diamonds foundation: it takes AD next"},
		{"not from a free cell out of order", fourCells, "a-F", "", "", "7H does not go on the hearts foundation: it takes AH next"},
		{"with two cells: limit onto a card (1+1)·2¹", two, "1-8x4", "8", "KC QH JC TD 9S", ""},
		{"with two cells: limit to an empty cascade (1+1)·2⁰", two, "1-3x3", "", "", "at most 2 cards move at once to an empty cascade"},
		{"with two cells: two to an empty cascade", two, "1-3x2", "3", "TD 9S", ""},
		{"with two cells: no cell c", two, "1-c", "", "", "there is no free cell c: freecell-2 has 2 (a … b)"},
		{"with two cells: nor from cell d", two, "d-3", "", "", "there is no free cell d"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := position(t, tt.rules, base, "7H -- -- --", [NumSuits]uint8{1, 0, 0, 0})
			m, err := ParseMove(tt.move)
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == "" {
				keep := s
				err := s.Apply(m)
				ie, ok := errors.AsType[*IllegalMoveError](err)
				if !ok || !errors.Is(err, ErrIllegalMove) || ie.Move != m || !strings.Contains(ie.Reason, tt.why) {
					t.Fatalf("got %v, want an illegal move because %q", err, tt.why)
				}
				if s != keep {
					t.Error("an illegal move changed the position")
				}
				if s.Legal(m) || slices.Contains(s.Moves(), m) {
					t.Error("Legal or Moves accepts it")
				}
				return
			}
			if !slices.Contains(s.Moves(), m) {
				t.Errorf("Moves does not list %v", m)
			}
			if err := s.Apply(m); err != nil {
				t.Fatal(err)
			}
			if got := placeText(&s, tt.at); got != tt.want {
				t.Errorf("%s after %s: got %q, want %q", tt.at, tt.move, got, tt.want)
			}
			if s.Actions() != 1 {
				t.Errorf("actions %d, want 1", s.Actions())
			}
		})
	}
}

// placeText returns the cards of a cascade ("1" … "8") or free cell ("a"
// … "d") of s, or with "F" the foundations' ranks.
func placeText(s *State, at string) string {
	p, _ := parsePlace(at[0])
	switch {
	case p.IsCascade():
		return cardList(s.Cascade(p.Index()))
	case p.IsCell():
		c, _ := s.Cell(p.Index())
		return cardOrDash(c)
	}
	var parts []string
	for su := range Suit(NumSuits) {
		parts = append(parts, string('0'+byte(s.Foundation(su))))
	}
	return strings.Join(parts, " ")
}

func TestSupermoveLimit(t *testing.T) {
	tests := []struct {
		cells, free, empty int
		onCard, toEmpty    int
	}{
		{4, 4, 0, 5, 5},
		{4, 0, 0, 1, 1},
		{4, 3, 1, 8, 4},
		{4, 4, 2, 20, 10},
		{4, 1, 3, 16, 8},
		{3, 3, 0, 4, 4},
		{2, 2, 1, 6, 3},
		{2, 0, 7, 128, 64},
	}
	for _, tt := range tests {
		var cols [NumCascades]string
		for i := range NumCascades - tt.empty {
			cols[i] = NewCard(King, Suit(i%4)).String()
		}
		cells := strings.Repeat("QC ", tt.cells-tt.free)
		s := position(t, Rules{Cells: tt.cells}, cols, cells, [NumSuits]uint8{})
		if s.FreeCells() != tt.free || s.EmptyCascades() != tt.empty {
			t.Fatalf("position: %d free cells, %d empty cascades", s.FreeCells(), s.EmptyCascades())
		}
		if got := s.SupermoveLimit(false); got != tt.onCard {
			t.Errorf("%d cells, %d free, %d empty: onto a card %d, want %d", tt.cells, tt.free, tt.empty, got, tt.onCard)
		}
		if got := s.SupermoveLimit(true); tt.empty > 0 && got != tt.toEmpty {
			t.Errorf("%d cells, %d free, %d empty: to an empty cascade %d, want %d", tt.cells, tt.free, tt.empty, got, tt.toEmpty)
		}
	}
}

func TestSafeHome(t *testing.T) {
	tests := []struct {
		card string
		home [NumSuits]uint8 // clubs, diamonds, hearts, spades
		want bool
	}{
		{"AH", [4]uint8{0, 0, 0, 0}, true},
		{"AH", [4]uint8{0, 0, 1, 0}, false}, // already home
		{"2H", [4]uint8{0, 0, 1, 0}, true},
		{"2H", [4]uint8{0, 0, 0, 0}, false}, // not next
		{"3H", [4]uint8{1, 0, 2, 1}, true},  // black aces home
		{"3H", [4]uint8{1, 0, 2, 0}, false}, // AS could go on 2S, which could go on 3H
		{"5H", [4]uint8{4, 0, 4, 4}, true},  // no card can go on it
		{"5H", [4]uint8{3, 2, 4, 3}, true},  // 4C, 4S could go home instead, and 3D
		{"5H", [4]uint8{3, 1, 4, 3}, false}, // 3D on a black four could not
		{"5H", [4]uint8{3, 4, 4, 2}, false}, // nor 4S
		{"KS", [4]uint8{10, 11, 11, 12}, true},
		{"KS", [4]uint8{10, 11, 10, 12}, false},
		{"5C", [4]uint8{4, 4, 3, 3}, true}, // the other black suit needs 2
	}
	for _, tt := range tests {
		c, err := ParseCard(tt.card)
		if err != nil {
			t.Fatal(err)
		}
		if got := SafeHome(&tt.home, c); got != tt.want {
			t.Errorf("%s over %v: got %v, want %v", tt.card, tt.home, got, tt.want)
		}
	}
}

func TestSafeMoves(t *testing.T) {
	cols := [NumCascades]string{"AC", "2C", "3D", "KS AD", "", "", "", "2D"}
	s := position(t, fourCells, cols, "AS 2H -- --", [NumSuits]uint8{0, 0, 1, 0})
	want := []string{"1-F", "4-F", "a-F", "b-F"}
	if got := moveTexts(s.SafeMoves()); !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	// Playing them all, one at a time, as a page would.
	for {
		ms := s.SafeMoves()
		if len(ms) == 0 {
			break
		}
		if err := s.Apply(ms[0]); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := [NumSuits]Rank{s.Foundation(Clubs), s.Foundation(Diamonds), s.Foundation(Hearts), s.Foundation(Spades)}, [NumSuits]Rank{2, 3, 2, 1}; got != want {
		t.Errorf("foundations after the safe moves: got %v, want %v", got, want)
	}
	won := position(t, fourCells, [NumCascades]string{}, "", [NumSuits]uint8{13, 13, 13, 13})
	if len(won.SafeMoves()) != 0 {
		t.Error("a won game has safe moves")
	}
}

// moveTexts returns the notation of moves.
func moveTexts(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}
