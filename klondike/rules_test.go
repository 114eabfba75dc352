package klondike

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestLayoutDeal(t *testing.T) {
	d := layoutDeal(t, [NumColumns]string{"AC", "2C 3C"}, "4C 5C")
	s := MustNew(d, mustProfile(t, "bvs"))
	if got := s.Column(0); !slices.Equal(got, parseCards(t, "AC")) {
		t.Errorf("column 1: got %v, want [AC]", got)
	}
	if got := s.Column(1); !slices.Equal(got, parseCards(t, "2C 3C")) {
		t.Errorf("column 2: got %v, want [2C 3C]", got)
	}
	if got := s.Stock()[:2]; !slices.Equal(got, parseCards(t, "4C 5C")) {
		t.Errorf("stock: got %v, want [4C 5C]", got)
	}
	// Deck position 28 is the first card drawn.
	if got, want := s.Stock()[0], d[28]; got != want {
		t.Errorf("first stock card %v, want deck position 28 %v", got, want)
	}
}

func TestDealingLayout(t *testing.T) {
	d := NewDeal(42)
	s := MustNew(d, mustProfile(t, "bvs"))
	k := 0
	for row := 0; row < NumColumns; row++ {
		for c := row; c < NumColumns; c++ {
			if got := s.Column(c)[row]; got != d[k] {
				t.Errorf("column %d row %d: got %v, want deck position %d %v", c+1, row, got, k, d[k])
			}
			k++
		}
	}
	for c := 0; c < NumColumns; c++ {
		if s.ColumnLen(c) != c+1 || s.FaceDown(c) != c {
			t.Errorf("column %d: %d cards, %d down; want %d, %d", c+1, s.ColumnLen(c), s.FaceDown(c), c+1, c)
		}
	}
	if !slices.Equal(s.Stock(), d[28:]) {
		t.Errorf("stock %v, want %v", s.Stock(), d[28:])
	}
	if s.WasteLen() != 0 || s.FoundationCards() != 0 || s.PassesUsed() != 1 || s.Actions() != 0 {
		t.Errorf("fresh deal: waste %d, foundations %d, passes %d, actions %d", s.WasteLen(), s.FoundationCards(), s.PassesUsed(), s.Actions())
	}
}

// illegalReason applies text to s, which must refuse it without a change,
// and returns the reason.
func illegalReason(t *testing.T, s *State, text string) string {
	t.Helper()
	m, err := ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	before := *s
	err = s.Apply(m)
	var ie *IllegalMoveError
	if !errors.As(err, &ie) {
		t.Fatalf("%s: got %v, want an *IllegalMoveError", text, err)
	}
	if *s != before {
		t.Fatalf("%s: an illegal move changed the position", text)
	}
	return ie.Reason
}

// The run 8♠ 7♥ 6♣ moves as one onto 9♦ and the card it uncovers turns up.
func TestRunOntoNine(t *testing.T) {
	d := layoutDeal(t, [NumColumns]string{2: "KD 8S", 3: "7H", 4: "6C", 5: "9D"}, "")
	s := MustNew(d, mustProfile(t, "bvs"))
	engine.Play(t, &s, "4-3 5-3")
	if got := s.Column(2)[s.FaceDown(2):]; !slices.Equal(got, parseCards(t, "8S 7H 6C")) {
		t.Fatalf("column 3 face up: got %v, want 8S 7H 6C", got)
	}
	for _, text := range []string{"3-6", "3-6x2", "3-6x4"} {
		illegalReason(t, &s, text)
	}
	down := s.FaceDown(2)
	engine.Play(t, &s, "3-6x3")
	if got := s.Column(5)[s.FaceDown(5):]; !slices.Equal(got, parseCards(t, "9D 8S 7H 6C")) {
		t.Errorf("column 6 face up: got %v, want 9D 8S 7H 6C", got)
	}
	col := s.Column(2)
	if got := col[len(col)-1]; got != parseCards(t, "KD")[0] || s.FaceDown(2) != down-1 {
		t.Errorf("column 3: top %v with %d face down; want KD face up with %d", got, s.FaceDown(2), down-1)
	}
}

func TestRedNotOnRed(t *testing.T) {
	d := layoutDeal(t, [NumColumns]string{1: "8D", 2: "7H"}, "")
	s := MustNew(d, mustProfile(t, "bvs"))
	reason := illegalReason(t, &s, "3-2")
	for _, want := range []string{"7H", "8D", "both are red"} {
		if !strings.Contains(reason, want) {
			t.Errorf("reason %q does not say %q", reason, want)
		}
	}
}

func TestOnlyKingsFillEmptyColumns(t *testing.T) {
	d := layoutDeal(t, [NumColumns]string{"AC", "QD", "KS", "QH", "JC", "TD"}, "QC 2D KH")
	s := MustNew(d, mustProfile(t, "bvs"))
	engine.Play(t, &s, "1-F")
	if s.ColumnLen(0) != 0 {
		t.Fatalf("column 1 holds %d cards, want 0", s.ColumnLen(0))
	}
	if r := illegalReason(t, &s, "2-1"); !strings.Contains(r, "only a king") {
		t.Errorf("queen into an empty column: reason %q, want one saying only a king", r)
	}
	engine.Play(t, &s, "6-5") // TD onto JC
	illegalReason(t, &s, "5-1x2")
	engine.Play(t, &s, "D") // waste QC 2D KH
	if got := s.Waste()[s.WasteLen()-1]; got != parseCards(t, "KH")[0] {
		t.Fatalf("waste top %v, want KH", got)
	}
	engine.Play(t, &s, "4-3") // QH onto KS
	engine.Play(t, &s, "3-1x2")
	if got := s.Column(0); !slices.Equal(got, parseCards(t, "KS QH")) {
		t.Errorf("column 1: got %v, want KS QH", got)
	}
	s2 := MustNew(d, mustProfile(t, "bvs"))
	engine.Play(t, &s2, "1-F D W-1")
	if got := s2.Column(0); !slices.Equal(got, parseCards(t, "KH")) {
		t.Errorf("waste king into the empty column: got %v, want KH", got)
	}
}

func TestDrawThreeWithTwoLeft(t *testing.T) {
	d := layoutDeal(t, [NumColumns]string{}, "2H 3H AC")
	s := MustNew(d, mustProfile(t, "bvs"))
	engine.Play(t, &s, "D W-F")
	for s.StockLen() > 0 {
		engine.Play(t, &s, "D")
	}
	engine.Play(t, &s, "R")
	if s.StockLen() != 23 {
		t.Fatalf("stock %d after the recycle, want 23", s.StockLen())
	}
	for s.StockLen() > 2 {
		engine.Play(t, &s, "D")
	}
	left := s.Stock()
	waste := s.WasteLen()
	engine.Play(t, &s, "D")
	if s.StockLen() != 0 || s.WasteLen() != waste+2 {
		t.Fatalf("draw with 2 left: stock %d, waste %d; want 0, %d", s.StockLen(), s.WasteLen(), waste+2)
	}
	if got := s.Waste()[waste:]; !slices.Equal(got, left) {
		t.Errorf("drawn %v, want %v in that order", got, left)
	}
	if v := s.View(); !slices.Equal(v.Waste, s.Waste()[waste-1:]) {
		t.Errorf("view shows waste %v, want the top three %v", v.Waste, s.Waste()[waste-1:])
	}
}

// drawAll draws the whole stock and returns the waste tops seen after each
// draw.
func drawAll(t *testing.T, s *State) []Card {
	t.Helper()
	var tops []Card
	for s.StockLen() > 0 {
		engine.Play(t, s, "D")
		tops = append(tops, s.Waste()[s.WasteLen()-1])
	}
	return tops
}

func TestRecycleKeepsOrder(t *testing.T) {
	for _, name := range []string{"relaxed-1", "relaxed-3", "bvs"} {
		t.Run(name, func(t *testing.T) {
			d := NewDeal(7)
			s := MustNew(d, mustProfile(t, name))
			if !slices.Equal(s.Stock(), d[28:]) {
				t.Fatalf("stock %v, want deck positions 28… %v", s.Stock(), d[28:])
			}
			first := drawAll(t, &s)
			if !slices.Equal(s.Waste(), d[28:]) {
				t.Fatalf("waste after a pass %v, want %v", s.Waste(), d[28:])
			}
			engine.Play(t, &s, "R")
			if !slices.Equal(s.Stock(), d[28:]) {
				t.Errorf("stock after recycling %v, want %v", s.Stock(), d[28:])
			}
			if second := drawAll(t, &s); !slices.Equal(first, second) {
				t.Errorf("second pass drew %v, want %v", second, first)
			}
		})
	}
}

func TestPassLimits(t *testing.T) {
	for _, r := range allProfiles(t) {
		t.Run(r.Name, func(t *testing.T) {
			s := MustNew(NewDeal(3), r)
			recycles := 0
			for range 10 {
				drawAll(t, &s)
				if s.PassesLeft() == 0 {
					break
				}
				engine.Play(t, &s, "R")
				recycles++
			}
			want := r.Passes - 1
			if r.Passes == Unlimited {
				want = 10
				if s.PassesLeft() != -1 {
					t.Errorf("passes left %d, want -1 (unlimited)", s.PassesLeft())
				}
				return
			}
			if recycles != want || s.PassesUsed() != r.Passes {
				t.Errorf("recycles %d, passes used %d; want %d, %d", recycles, s.PassesUsed(), want, r.Passes)
			}
			if r := illegalReason(t, &s, "R"); !strings.Contains(r, "no passes left") {
				t.Errorf("recycle past the limit: reason %q", r)
			}
			var buf [64]Move
			if containsMove(s.Moves(buf[:0]), RecycleMove()) {
				t.Error("Moves lists R with no passes left")
			}
		})
	}
}

func TestFoundationToColumnByProfile(t *testing.T) {
	d := layoutDeal(t, [NumColumns]string{"AC", "3D", "2C"}, "")
	for _, r := range allProfiles(t) {
		t.Run(r.Name, func(t *testing.T) {
			s := MustNew(d, r)
			engine.Play(t, &s, "1-F 3-F")
			m, _ := ParseMove("FC-2")
			err := s.Apply(m)
			if r.FoundationToColumn != (err == nil) {
				t.Fatalf("FC-2 under %s: got %v", r.Name, err)
			}
			if err == nil && s.Foundation(Clubs) != 1 {
				t.Errorf("clubs foundation %d, want 1", s.Foundation(Clubs))
			}
		})
	}
}

func TestIllegalMoveReasons(t *testing.T) {
	d := layoutDeal(t, [NumColumns]string{"AC", "3D", "2C"}, "")
	tests := []struct {
		moves, move, want string
	}{
		{"", "R", "stock is not empty"},
		{"", "W-F", "waste is empty"},
		{"", "W-3", "waste is empty"},
		{"", "3-F", "2C cannot start the clubs foundation"},
		{"1-F", "1-F", "column 1 is empty"},
		{"1-F", "2-1", "only a king"},
		{"", "2-3x2", "only 1 face-up card"},
		{"", "FC-2", "clubs foundation is empty"},
		{"", "2-3", "3D does not go on 2C"},
	}
	for _, tt := range tests {
		t.Run(tt.moves+" "+tt.move, func(t *testing.T) {
			s := MustNew(d, mustProfile(t, "bvs"))
			engine.Play(t, &s, tt.moves)
			if r := illegalReason(t, &s, tt.move); !strings.Contains(r, tt.want) {
				t.Errorf("reason %q, want it to contain %q", r, tt.want)
			}
		})
	}
}

func TestMalformedMoves(t *testing.T) {
	s := MustNew(NewDeal(1), mustProfile(t, "relaxed-1"))
	for _, m := range []Move{
		{}, {Kind: 99}, {Kind: Draw, From: 1}, {Kind: Draw, N: 1},
		{Kind: WasteToColumn, To: 7}, {Kind: WasteToColumn, From: 1},
		{Kind: ColumnToFoundation, From: 7}, {Kind: ColumnToFoundation, To: 1},
		{Kind: ColumnToColumn, From: 1, To: 1, N: 1}, {Kind: ColumnToColumn, From: 0, To: 1, N: 0},
		{Kind: ColumnToColumn, From: 0, To: 1, N: 14}, {Kind: ColumnToColumn, From: 9, To: 1, N: 1},
		{Kind: FoundationToColumn, From: 4, To: 1}, {Kind: FoundationToColumn, From: 0, To: 1, N: 1},
	} {
		before := s
		err := s.Apply(m)
		var ie *IllegalMoveError
		if !errors.As(err, &ie) || s != before {
			t.Errorf("Apply(%#v): got %v, want an *IllegalMoveError and no change", m, err)
		}
		if _, err := m.MarshalText(); err == nil {
			t.Errorf("MarshalText(%#v) succeeded, want an error", m)
		}
	}
}

func TestWonGameHasNoMoves(t *testing.T) {
	s := MustNew(NewDeal(1), mustProfile(t, "bvs"))
	s.b = board{found: [NumSuits]uint8{13, 13, 13, 13}, passes: 1}
	var buf [64]Move
	if !s.Won() || len(s.Moves(buf[:0])) != 0 || s.Stuck() {
		t.Errorf("won %v, moves %v, stuck %v; want true, none, false", s.Won(), s.Moves(nil), s.Stuck())
	}
	if r := illegalReason(t, &s, "D"); !strings.Contains(r, "won") {
		t.Errorf("reason %q, want it to say the game is won", r)
	}
}
