package spider

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/enginetest"
)

var goldenSeeds = []uint64{0, 1, 2, 42, 1<<64 - 1}

// TestGoldenDeals pins NewDeal forever: testdata/golden_deals.txt holds
// "suits<TAB>seed<TAB>deal" lines, written once with -update.
func TestGoldenDeals(t *testing.T) {
	path := filepath.Join("testdata", "golden_deals.txt")
	if enginetest.Update() {
		var b strings.Builder
		for _, suits := range []int{1, 2, 4} {
			for _, seed := range goldenSeeds {
				fmt.Fprintf(&b, "%d\t%d\t%s\n", suits, seed, NewDeal(seed, suits))
			}
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		parts := strings.Split(sc.Text(), "\t")
		if len(parts) != 3 {
			t.Fatalf("line %q: want suits, seed and deal separated by tabs", sc.Text())
		}
		suits, err1 := strconv.Atoi(parts[0])
		seed, err2 := strconv.ParseUint(parts[1], 10, 64)
		if err := errors.Join(err1, err2); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		want, err := ParseDeal(parts[2])
		if err != nil {
			t.Fatalf("suits %d, seed %d: golden deal does not parse: %v", suits, seed, err)
		}
		if got := NewDeal(seed, suits); got != want {
			t.Errorf("NewDeal(%d, %d) = %v, want %v", seed, suits, got, want)
		}
		if got := want.Suits(); got != suits {
			t.Errorf("suits %d, seed %d: Suits() = %d", suits, seed, got)
		}
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if want := 3 * len(goldenSeeds); n != want {
		t.Errorf("got %d golden deals, want %d", n, want)
	}
}

// TestOrderedDeck checks the unshuffled decks of the package doc.
func TestOrderedDeck(t *testing.T) {
	tests := []struct {
		suits int
		// The first 14 cards and the cards at 52 … 53.
		head, mid string
	}{
		{4, "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD", "AC 2C"},
		{2, "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AH", "AS 2S"},
		{1, "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", "AS 2S"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.suits), func(t *testing.T) {
			d := orderedDeck(tt.suits)
			if got := cardList(d[:14], ""); got != tt.head {
				t.Errorf("head: got %s, want %s", got, tt.head)
			}
			if got := cardList(d[52:54], ""); got != tt.mid {
				t.Errorf("positions 53-54: got %s, want %s", got, tt.mid)
			}
			if got := d[NumCards-1]; got != NewCard(King, Spades) && tt.suits != 2 || tt.suits == 2 && got != NewCard(King, Hearts) {
				t.Errorf("last card %s", got)
			}
			if got := d.Suits(); got != tt.suits {
				t.Errorf("Suits() = %d, want %d", got, tt.suits)
			}
		})
	}
	defer func() {
		if recover() == nil {
			t.Error("NewDeal(0, 3) did not panic")
		}
	}()
	NewDeal(0, 3)
}

func TestNewDealIsAGame(t *testing.T) {
	for _, suits := range []int{1, 2, 4} {
		for seed := uint64(0); seed < 300; seed++ {
			d := NewDeal(seed, suits)
			if err := d.Validate(); err != nil || d.Suits() != suits {
				t.Fatalf("NewDeal(%d, %d): %v, suits %d", seed, suits, err, d.Suits())
			}
		}
		if NewDeal(1, suits) == NewDeal(2, suits) {
			t.Errorf("%d suits: seeds 1 and 2 give the same deal", suits)
		}
	}
}

// TestLayout checks New against the layout of the package doc: deck
// positions row by row over the columns still taking cards, the top
// card of each face up, and position 54 first in the stock.
func TestLayout(t *testing.T) {
	r := mustProfile(t, "spider-4")
	d := NewDeal(7, 4)
	s := MustNew(d, r)
	next := 0
	var want [NumColumns][]Card
	for row := range 6 {
		for c := range NumColumns {
			if row < 5 || c < 4 {
				want[c] = append(want[c], d[next])
				next++
			}
		}
	}
	if next != 54 {
		t.Fatalf("layout takes %d cards, want 54", next)
	}
	for c := range NumColumns {
		if got := s.Column(c); cardList(got, "") != cardList(want[c], "") {
			t.Errorf("column %d: got %v, want %v", c+1, got, want[c])
		}
		if got, w := s.FaceDown(c), len(want[c])-1; got != w {
			t.Errorf("column %d: %d face down, want %d", c+1, got, w)
		}
	}
	if got := s.Stock(); cardList(got, "") != cardList(d[54:], "") {
		t.Errorf("stock: got %v, want %v", got, d[54:])
	}
	if s.FaceDownCount() != 44 || s.StockLeft() != 50 || s.Completed() != 0 || s.Actions() != 0 {
		t.Errorf("face down %d, stock %d, completed %d, actions %d; want 44, 50, 0, 0",
			s.FaceDownCount(), s.StockLeft(), s.Completed(), s.Actions())
	}
	engine.Play(t, &s, "D")
	for c := range NumColumns {
		col := s.Column(c)
		if got := col[len(col)-1]; got != d[54+c] {
			t.Errorf("after D, column %d: top %s, want deck position %d, %s", c+1, got, 55+c, d[54+c])
		}
	}
}

func TestParseDealErrors(t *testing.T) {
	d4 := NewDeal(0, 4).String()
	d1 := NewDeal(0, 1).String()
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", "this one has 0"},
		{"103 cards", d4[:len(d4)-3], "this one has 103"},
		{"105 cards", d4 + " " + d4[:2], "this one has 105"},
		{"bad rank", "1C" + d4[2:], "deal position 1"},
		{"bad suit", d4[:len(d4)-1] + "X", "deal position 104"},
		{"three times", d4[:len(d4)-2] + d4[:2], "2 of each card, but"},
		{"a heart among spades", "AH" + d1[2:], "2 suits has 4 of each card, but 1 of AH"},
		{"a club among spades", "AC" + d1[2:], "not clubs, spades"},
		{"three chars", "10C" + d4[2:], "two characters"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseDeal(tt.in)
			if err == nil || !errors.Is(err, ErrNotation) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got error %v, want one wrapping ErrNotation containing %q", err, tt.want)
			}
		})
	}
}

func TestDealText(t *testing.T) {
	for _, suits := range []int{1, 2, 4} {
		d := NewDeal(42, suits)
		b, err := d.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var got Deal
		if err := got.UnmarshalText(b); err != nil || got != d {
			t.Errorf("got %v, %v; want %v", got, err, d)
		}
	}
	var bad Deal
	bad[0] = 60
	if _, err := bad.MarshalText(); !errors.Is(err, ErrNotation) {
		t.Errorf("MarshalText of an invalid deal: got %v, want ErrNotation", err)
	}
	if _, err := (Deal{}).MarshalText(); !errors.Is(err, ErrNotation) {
		t.Errorf("MarshalText of 104 aces of clubs: got %v, want ErrNotation", err)
	}
}

func TestNewRefusesMismatch(t *testing.T) {
	r2 := mustProfile(t, "spider-2")
	if _, err := New(NewDeal(0, 4), r2); !errors.Is(err, ErrBadDeal) {
		t.Errorf("4-suit deal under 2-suit rules: got %v, want ErrBadDeal", err)
	}
	if _, err := New(NewDeal(0, 2), Rules{Suits: 3}); !errors.Is(err, ErrUnknownProfile) {
		t.Errorf("3 suits: got %v, want ErrUnknownProfile", err)
	}
	if _, err := New(Deal{}, r2); !errors.Is(err, ErrNotation) {
		t.Errorf("zero deal: got %v, want ErrNotation", err)
	}
}

// TestCardNotation checks this package's card functions and that Card's
// text methods match ErrNotation; the notation itself is tested in
// internal/cards.
func TestCardNotation(t *testing.T) {
	for _, in := range []string{"", "KSS", "1S", "AX"} {
		_, err := ParseCard(in)
		if !errors.Is(err, ErrNotation) || !strings.Contains(err.Error(), "spider: bad notation: ") {
			t.Errorf("ParseCard(%q): got %v, want a spider error wrapping ErrNotation", in, err)
		}
	}
	if c, err := ParseCard("QH"); err != nil || c.Rank() != Queen || c.Suit() != Hearts {
		t.Errorf("ParseCard(QH) = %v, %v", c, err)
	}
	if su, err := ParseSuit('S'); err != nil || su != Spades {
		t.Errorf("ParseSuit(S) = %v, %v", su, err)
	}
	if _, err := ParseRank('0'); err == nil || err.Error() != `spider: bad notation: rank "0" is not one of A 2 3 4 5 6 7 8 9 T J Q K` {
		t.Errorf("ParseRank(0): got %v", err)
	}
	var c Card
	if err := c.UnmarshalText([]byte("Q")); !errors.Is(err, ErrNotation) {
		t.Errorf("UnmarshalText(Q): got %v, want ErrNotation", err)
	}
	if _, err := Card(deckSize).MarshalText(); !errors.Is(err, ErrNotation) {
		t.Errorf("MarshalText of Card(52): got %v, want ErrNotation", err)
	}
}
