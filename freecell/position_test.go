package freecell

import (
	"errors"
	"strings"
	"testing"
)

func TestNewPosition(t *testing.T) {
	d := NewDeal(1)
	start := MustNew(d, fourCells)
	var cols [NumCascades][]Card
	for i := range NumCascades {
		cols[i] = start.Cascade(i)
	}
	s, err := NewPosition(fourCells, cols, nil, [NumSuits]int{})
	if err != nil || s != start {
		t.Fatalf("the deal's cascades: got %v, want the deal's position", err)
	}
	// Deal 1 after 6-a 6-b 6-F 6-F: AC and AS home, 3D and 2C in cells.
	engine.Play(t, &start, "6-a 6-b 6-F 6-F")
	cols[5] = cols[5][:2]
	s, err = NewPosition(fourCells, cols, []Card{NewCard(3, Diamonds), NewCard(2, Clubs)}, [NumSuits]int{1, 0, 0, 1})
	start.actions = 0
	if err != nil || s.String() != start.String() {
		t.Fatalf("after four moves: got %v\n%s\nwant\n%s", err, &s, &start)
	}
	checkInvariants(t, &s)

	tests := []struct {
		name  string
		rules Rules
		cols  [NumCascades][]Card
		cells []Card
		home  [NumSuits]int
		want  string
	}{
		{"a card missing", fourCells, cols, nil, [NumSuits]int{1, 0, 0, 1}, "2C is nowhere"},
		{"a card twice", fourCells, cols, []Card{NewCard(3, Diamonds), NewCard(2, Clubs), NewCard(2, Clubs)}, [NumSuits]int{1, 0, 0, 1}, "free cell c: 2C"},
		{"a card home and on the table", fourCells, cols, []Card{NewCard(3, Diamonds), NewCard(2, Clubs)}, [NumSuits]int{2, 0, 0, 1}, "free cell b: 2C is not a card, or is already in play"},
		{"too many cells", Rules{Cells: 2}, cols, []Card{NewCard(3, Diamonds), NoCard, NewCard(2, Clubs)}, [NumSuits]int{1, 0, 0, 1}, "freecell-2 has 2 free cells, not 3"},
		{"a foundation of 14", fourCells, cols, nil, [NumSuits]int{14}, "the clubs foundation holds 14 cards"},
	}
	for _, tt := range tests {
		if _, err := NewPosition(tt.rules, tt.cols, tt.cells, tt.home); !errors.Is(err, ErrBadPosition) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want ErrBadPosition saying %q", tt.name, err, tt.want)
		}
	}
	long := cols
	long[0] = append(append([]Card{}, cols[0]...), cols[1]...)
	long[0] = append(long[0], cols[2]...)
	long[1], long[2] = nil, nil
	if _, err := NewPosition(fourCells, long, []Card{NewCard(3, Diamonds), NewCard(2, Clubs)}, [NumSuits]int{1, 0, 0, 1}); !errors.Is(err, ErrBadPosition) {
		t.Errorf("a cascade of %d cards: got %v", len(long[0]), err)
	}
	if _, err := NewPosition(Rules{}, cols, nil, [NumSuits]int{}); !errors.Is(err, ErrUnknownProfile) {
		t.Errorf("zero rules: got %v", err)
	}
}

// TestCascadeCard: CascadeCard reads each cascade's cards as Cascade
// copies them, bottom first.
func TestCascadeCard(t *testing.T) {
	s := MustNew(NewDeal(1), Rules{Cells: 4})
	for i := range NumCascades {
		col := s.Cascade(i)
		if len(col) != s.CascadeLen(i) {
			t.Fatalf("cascade %d: %d cards, CascadeLen %d", i+1, len(col), s.CascadeLen(i))
		}
		for j, c := range col {
			if got := s.CascadeCard(i, j); got != c {
				t.Errorf("CascadeCard(%d, %d): got %v, want %v", i, j, got, c)
			}
		}
	}
}
