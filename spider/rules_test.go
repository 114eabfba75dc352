package spider

import (
	"errors"
	"strings"
	"testing"
)

var (
	permissive = Rules{Suits: 4, Groups: Permissive}
	standard   = Rules{Suits: 4, Groups: Standard}
)

// TestRuleExamples plays the rules of source 003 on small positions: each
// move is legal or not, with the position after it or the reason.
func TestRuleExamples(t *testing.T) {
	base := [NumColumns]string{
		"(5H) 9S 8H 7S 6D", // a mixed-suit run of four on a face-down card
		"(4C) TC",
		"",
		"(2D) (3D) 9H 8S 7S 6S", // a one-suit run of three on a mixed one
		"9S 7S",                 // not a run
		"7C",
		"9C",
		"7D",
		"KD",
		"(AC) JH",
	}
	tests := []struct {
		name  string
		rules Rules
		move  string
		// want is "" for an illegal move, else the face-up cards of
		// column col+1 after it; why is part of the reason when illegal.
		col       int
		want, why string
	}{
		{"mixed run moves under permissive", permissive, "1-2x4", 1, "TC 9S 8H 7S 6D", ""},
		{"and turns the card under it up", permissive, "1-2x4", 0, "5H", ""},
		{"mixed run does not move under standard", standard, "1-2x4", 0, "", "only 1 cards on top of column 1 form a run of one suit"},
		{"one card moves under standard", standard, "1-6", 5, "7C 6D", ""},
		{"one-suit run moves under standard", standard, "4-7x3", 6, "9C 8S 7S 6S", ""},
		{"and under permissive", permissive, "4-7x3", 6, "9C 8S 7S 6S", ""},
		{"one-suit run of three under standard", standard, "4-1x3", 0, "", "needs a card one rank higher"},
		{"too long for standard", standard, "4-2x4", 0, "", "only 3 cards on top of column 4 form a run of one suit"},
		{"too long for permissive", permissive, "4-2x4", 1, "TC 9H 8S 7S 6S", ""},
		{"run broken below its top", permissive, "5-2x2", 0, "", "only 1 cards on top of column 5 descend by one rank"},
		{"more cards than face up", permissive, "5-2x3", 0, "", "has only 2 face-up cards"},
		{"from an empty column", permissive, "3-1", 0, "", "column 3 is empty"},
		{"suit free: 6D on 7C", permissive, "1-6", 5, "7C 6D", ""},
		{"suit free: 6D on 7D", permissive, "1-8", 7, "7D 6D", ""},
		{"one rank higher only", permissive, "1-7", 0, "", "6D does not go on 9C in column 7: it needs a card one rank higher"},
		{"empty column takes a group", permissive, "1-3x3", 2, "8H 7S 6D", ""},
		{"empty column takes any card", permissive, "10-3", 2, "JH", ""},
		{"a king on a card", permissive, "9-2", 0, "", "needs a card one rank higher"},
		{"the whole face-up part of a column", permissive, "10-3", 9, "AC", ""},
		{"turned-up ace stays", permissive, "10-3", 2, "JH", ""},
		{"deal blocked by the empty column", permissive, "D", 0, "", "column 3 is empty: every column needs a card before a deal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := position(t, tt.rules, base, "2C 3C 4C 5C 6C 7C 8C 9C TC JC", "")
			m, err := ParseMove(tt.move)
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == "" {
				keep := s
				err := s.Apply(m)
				var ie *IllegalMoveError
				if !errors.As(err, &ie) || !errors.Is(err, ErrIllegalMove) || ie.Move != m || !strings.Contains(ie.Reason, tt.why) {
					t.Fatalf("got %v, want an illegal move because %q", err, tt.why)
				}
				if s != keep {
					t.Error("an illegal move changed the position")
				}
				if s.Legal(m) || containsMove(s.Moves(), m) {
					t.Error("Legal or Moves lists the illegal move")
				}
				return
			}
			if !s.Legal(m) || !containsMove(s.Moves(), m) {
				t.Errorf("Legal or Moves does not list %v", m)
			}
			down := s.FaceDownCount()
			if err := s.Apply(m); err != nil {
				t.Fatal(err)
			}
			if got := upText(&s, tt.col); got != tt.want {
				t.Errorf("column %d: got %s, want %s", tt.col+1, got, tt.want)
			}
			if s.Actions() != 1 {
				t.Errorf("actions %d, want 1", s.Actions())
			}
			if tt.name == "and turns the card under it up" && s.FaceDownCount() != down-1 {
				t.Errorf("face down %d, want %d", s.FaceDownCount(), down-1)
			}
		})
	}
}

// TestDealRules: the deal puts one face-up card on each column, column 1
// first, only with a stock and no empty column.
func TestDealRules(t *testing.T) {
	cols := [NumColumns]string{"(5H) 9S", "TC", "KD", "QD", "JD", "TD", "9D", "8D", "7D", "(AC) 6D"}
	s := position(t, permissive, cols, "2C 3C 4C 5C 6C 7C 8C 9C TC JC 2H 3H 4H 5H 6H 7H 8H 9H TH JH", "")
	engine.Play(t, &s, "D")
	if s.StockLeft() != 10 || s.Actions() != 1 {
		t.Errorf("stock %d, actions %d; want 10, 1", s.StockLeft(), s.Actions())
	}
	if got := upText(&s, 0); got != "9S 2C" {
		t.Errorf("column 1: got %s, want 9S 2C", got)
	}
	if got := upText(&s, 9); got != "6D JC" {
		t.Errorf("column 10: got %s, want 6D JC", got)
	}
	if s.FaceDownCount() != 2 {
		t.Errorf("a deal turned a face-down card up")
	}
	engine.Play(t, &s, "D")
	err := s.Apply(DealMove())
	if !errors.Is(err, ErrIllegalMove) || !strings.Contains(err.Error(), "the stock is empty") {
		t.Errorf("deal with an empty stock: got %v", err)
	}
	if containsMove(s.Moves(), DealMove()) {
		t.Error("Moves lists D with an empty stock")
	}
}

// TestEmptyColumnBlocksDeal: filling the empty column makes the deal legal.
func TestEmptyColumnBlocksDeal(t *testing.T) {
	cols := [NumColumns]string{"(5H) 9S 8H", "TC", "", "QD", "JD", "TD", "9D", "8D", "7D", "6D"}
	s := position(t, permissive, cols, "2C 3C 4C 5C 6C 7C 8C 9C TC JC", "")
	if containsMove(s.Moves(), DealMove()) || s.Legal(DealMove()) {
		t.Fatal("D legal with column 3 empty")
	}
	engine.Play(t, &s, "1-3")
	if !s.Legal(DealMove()) || s.Moves()[0] != DealMove() {
		t.Fatalf("D not legal (first) once every column holds a card: %v", s.Moves())
	}
}

// TestDealCompletesRuns: a deal that puts an ace on K … 2 of its suit
// completes the run, in two columns at once, in order of columns, and
// turns up the card under each.
func TestDealCompletesRuns(t *testing.T) {
	ks := "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
	kh := "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
	cols := [NumColumns]string{"(4D) " + kh, "TC", "KD", "QD", "JD", "TD", "9D", "8D", "7D", "(9C) (8C) " + ks}
	s := position(t, permissive, cols, "AH 3C 4C 5C 6C 7C 8C 9C TC AS", "")
	engine.Play(t, &s, "D")
	if got := s.CompletedSuits(); len(got) != 2 || got[0] != Hearts || got[1] != Spades || s.Completed() != 2 {
		t.Fatalf("completed %d %v, want 2 [hearts spades]", s.Completed(), got)
	}
	if got := upText(&s, 0); got != "4D" {
		t.Errorf("column 1: got %s, want 4D turned up", got)
	}
	if got := upText(&s, 9); got != "8C" || s.FaceDown(9) != 1 {
		t.Errorf("column 10: got %s (%d down), want 8C over one face-down card", got, s.FaceDown(9))
	}
}

// TestMoveCompletesRun: a run completed by a move leaves at once and both
// columns turn their top card up; a mixed-suit K … A stays.
func TestMoveCompletesRun(t *testing.T) {
	cols := [NumColumns]string{
		"(3D) KH QH JH TH 9H 8H 7H", "(2C) 6H 5H 4H 3H 2H AH",
		"KS QS JS TS 9S 8S 7H", "6S 5S 4S 3S 2S AS",
		"KD", "QD", "JD", "TD", "9D", "8D",
	}
	s := position(t, permissive, cols, "", "CC")
	engine.Play(t, &s, "2-1x6")
	if s.Completed() != 3 || s.CompletedSuits()[2] != Hearts {
		t.Fatalf("completed %v, want [clubs clubs hearts]", s.CompletedSuits())
	}
	if upText(&s, 0) != "3D" || upText(&s, 1) != "2C" || s.FaceDownCount() != 0 {
		t.Errorf("columns 1, 2: %s / %s, want 3D / 2C turned up", upText(&s, 0), upText(&s, 1))
	}
	engine.Play(t, &s, "4-3x6")
	if s.Completed() != 3 || s.ColumnLen(2) != 13 {
		t.Errorf("a mixed-suit K…A completed a run: completed %d, column 3 holds %d", s.Completed(), s.ColumnLen(2))
	}
}

// TestWin: the eighth run wins; nothing is legal after.
func TestWin(t *testing.T) {
	cols := [NumColumns]string{"KS QS JS TS 9S 8S 7S", "6S 5S 4S 3S 2S AS"}
	s := position(t, permissive, cols, "", "SSSSSSS")
	if s.Won() {
		t.Fatal("won before the last run")
	}
	engine.Play(t, &s, "2-1x6")
	if !s.Won() || s.Completed() != NumRuns {
		t.Fatalf("not won after the eighth run: %d", s.Completed())
	}
	if ms := s.Moves(); len(ms) != 0 {
		t.Errorf("moves after the win: %v", ms)
	}
	if err := s.Apply(ColumnMove(0, 1, 1)); !errors.Is(err, ErrIllegalMove) || !strings.Contains(err.Error(), "already won") {
		t.Errorf("move after the win: got %v", err)
	}
	if _, ok := Hint(&s); ok {
		t.Error("Hint after the win")
	}
	if st, sure := s.StuckWithin(10); st || !sure {
		t.Errorf("won game stuck %v sure %v, want false true", st, sure)
	}
	if v := s.View(); !v.Won || v.Completed != 8 || len(v.CompletedSuits) != 8 {
		t.Errorf("view of a won game: %+v", v)
	}
}

// TestMalformedMovesRefused: moves no notation writes are illegal and
// change nothing.
func TestMalformedMovesRefused(t *testing.T) {
	s := MustNew(NewDeal(3, 4), permissive)
	for _, m := range []Move{{}, ColumnMove(0, 0, 1), ColumnMove(0, 10, 1), ColumnMove(10, 0, 1), ColumnMove(0, 1, 0), ColumnMove(0, 1, 14), {deal: true, to: 1}} {
		keep := s
		err := s.Apply(m)
		var ie *IllegalMoveError
		if !errors.As(err, &ie) || ie.Reason == "" || s != keep {
			t.Errorf("Apply(%#v): got %v, want an *IllegalMoveError and no change", m, err)
		}
	}
}
