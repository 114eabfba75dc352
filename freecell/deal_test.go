package freecell

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cards"
	"github.com/solitaire-race/racer/internal/enginetest"
)

// goldenSeeds are the seeds of testdata/golden_deals.txt: Microsoft's
// deals at the ends of its ranges and some well known ones, then seeds
// on both sides of MicrosoftSeeds and the largest.
var goldenSeeds = []uint64{0, 1, 2, 24, 617, 2647, 11982, 32000, 1_000_000, MicrosoftSeeds - 1, MicrosoftSeeds, 1 << 32, 42 << 40, 1<<64 - 1}

// TestGoldenDeals pins NewDeal forever: testdata/golden_deals.txt holds
// "seed<TAB>deal" lines, written once with -update.
func TestGoldenDeals(t *testing.T) {
	path := filepath.Join("testdata", "golden_deals.txt")
	if enginetest.Update() {
		var b strings.Builder
		for _, seed := range goldenSeeds {
			fmt.Fprintf(&b, "%d\t%s\n", seed, NewDeal(seed))
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
		seedText, dealText, ok := strings.Cut(sc.Text(), "\t")
		if !ok {
			t.Fatalf("line %q: want seed and deal separated by a tab", sc.Text())
		}
		seed, err := strconv.ParseUint(seedText, 10, 64)
		if err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		want, err := ParseDeal(dealText)
		if err != nil {
			t.Fatalf("seed %d: golden deal does not parse: %v", seed, err)
		}
		if got := NewDeal(seed); got != want {
			t.Errorf("NewDeal(%d) = %v, want %v", seed, got, want)
		}
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n != len(goldenSeeds) {
		t.Errorf("got %d golden deals, want %d", n, len(goldenSeeds))
	}
}

// TestMicrosoftDeals checks deals against the layouts published for
// Microsoft's FreeCell, read row by row (the first row is the bottom card
// of cascades 1 … 8): deal 1, 617 and 11982 as Rosetta Code's "Deal cards
// for FreeCell" and the FreeCell literature print them, 24 as Freecell
// Solver's tests (there by cascade), 2647 as another solver's doctest.
func TestMicrosoftDeals(t *testing.T) {
	tests := []struct {
		seed uint64
		rows string
	}{
		{1, `JD 2D 9H JC 5D 7H 7C 5H
			KD KC 9S 5S AD QC KH 3H
			2S KS 9D QD JS AS AH 3C
			4C 5C TS QH 4H AC 4D 7S
			3S TD 4S TH 8H 2C JH 7D
			6D 8S 8D QS 6C 3D 8C TC
			6S 9C 2H 6H`},
		{617, `7D AD 5C 3S 5S 8C 2D AH
			TD 7S QD AC 6D 8H AS KH
			TH QC 3H 9D 6S 8D 3D TC
			KD 5H 9S 3C 8S 7H 4D JS
			4C QS 9C 9H 7C 6H 2C 2S
			4S TS 2H 5D JC 6C JH QH
			JD KS KC 4H`},
		{11982, `AH AS 4H AC 2D 6S TS JS
			3D 3H QS QC 8S 7H AD KS
			KD 6H 5S 4D 9H JH 9S 3C
			JC 5D 5C 8C 9D TD KH 7C
			6C 2C TH QH 6D TC 4S 7S
			JD 7D 8H 9C 2H QD 4C 5H
			KC 8D 2S 3S`},
		{2647, `KH 3S 7H 4C QD 5H TD 7S
			7D 5C AD 3C AH AC 6D 8D
			6C TH QS 2C KD 6H QH 7C
			TC 6S JD KC 5D QC JC JS
			2D 9S 3H 5S 3D 8H 9C 9D
			JH 4H 4D TS 2S KS AS 9H
			8S 2H 4S 8C`},
	}
	for _, tt := range tests {
		want, err := ParseDeal(tt.rows)
		if err != nil {
			t.Fatal(err)
		}
		if got := NewDeal(tt.seed); got != want {
			t.Errorf("deal %d: got %v, want %v", tt.seed, got, want)
		}
	}
	// Deal 24 by cascade, as Freecell Solver's tests print it.
	cascades := []string{"4C 2C 9C 8C QS 4S 2H", "5H QH 3C AC 3H 4H QD", "QC 9S 6H 9H 3S KS 3D", "5D 2S JC 5C JH 6D AS",
		"2D KD TH TC TD 8D", "7H JS KH TS KC 7C", "AH 5S 6S AD 8H JD", "7S 6C 7D 4D 8S 9D"}
	s := MustNew(NewDeal(24), fourCells)
	for i, want := range cascades {
		if got := cardList(s.Cascade(i)); got != want {
			t.Errorf("deal 24, cascade %d: got %s, want %s", i+1, got, want)
		}
	}
}

// TestMicrosoftRand checks the generator against the first outputs of the
// C runtime's rand() after srand(1), and the state's wrap-around.
func TestMicrosoftRand(t *testing.T) {
	r := NewMicrosoftRand(1)
	for i, want := range []uint32{41, 18467, 6334, 26500, 19169, 15724, 11478, 29358, 26962, 24464} {
		if got := r.Next(); got != want {
			t.Errorf("output %d: got %d, want %d", i, got, want)
		}
	}
	r = NewMicrosoftRand(1<<32 - 1)
	if got, want := r.Next(), uint32((uint64(1<<32-1)*214013+2531011)%(1<<32)>>16&0x7fff); got != want {
		t.Errorf("after srand(2^32-1): got %d, want %d", got, want)
	}
}

func TestNewDealIsAGame(t *testing.T) {
	for _, base := range []uint64{0, 31_990, MicrosoftSeeds - 5, 1 << 40} {
		for seed := base; seed < base+10; seed++ {
			if err := NewDeal(seed).Validate(); err != nil {
				t.Fatalf("NewDeal(%d): %v", seed, err)
			}
		}
	}
	if NewDeal(1) == NewDeal(2) || NewDeal(MicrosoftSeeds) == NewDeal(MicrosoftSeeds+1) {
		t.Error("two seeds give the same deal")
	}
}

// TestLargeSeedsDealAsKlondike: from MicrosoftSeeds up, a deal is the
// other games' shuffle (internal/cards.Shuffle) of the deck clubs A … K,
// diamonds, hearts, spades A … K; below, it is not.
func TestLargeSeedsDealAsKlondike(t *testing.T) {
	shuffled := func(seed uint64) Deal {
		var d Deal
		for i := range d {
			d[i] = Card(i)
		}
		cards.Shuffle(d[:], seed)
		return d
	}
	for _, seed := range []uint64{MicrosoftSeeds, MicrosoftSeeds + 1, 1 << 32, 1<<64 - 1} {
		if NewDeal(seed) != shuffled(seed) {
			t.Errorf("seed %d: not the shuffle's deal", seed)
		}
	}
	for _, seed := range []uint64{0, 1, MicrosoftSeeds - 1} {
		if NewDeal(seed) == shuffled(seed) {
			t.Errorf("seed %d: the shuffle's deal, want Microsoft's", seed)
		}
	}
}

// TestLayout checks New against the layout of the package doc: deal
// position k on cascade k mod 8, 7 cards on cascades 1–4 and 6 on 5–8.
func TestLayout(t *testing.T) {
	d := NewDeal(7)
	s := MustNew(d, fourCells)
	for c := range NumCascades {
		var want []Card
		for k := c; k < NumCards; k += NumCascades {
			want = append(want, d[k])
		}
		if got := s.Cascade(c); cardList(got) != cardList(want) {
			t.Errorf("cascade %d: got %v, want %v", c+1, got, want)
		}
		if n := s.CascadeLen(c); n != 7 && c < 4 || n != 6 && c >= 4 {
			t.Errorf("cascade %d holds %d cards", c+1, n)
		}
	}
	if s.FreeCells() != 4 || s.EmptyCascades() != 0 || s.Home() != 0 || s.Actions() != 0 || s.Won() {
		t.Errorf("free cells %d, empty cascades %d, home %d, actions %d, won %v; want 4, 0, 0, 0, false",
			s.FreeCells(), s.EmptyCascades(), s.Home(), s.Actions(), s.Won())
	}
	for i := range MaxCells {
		if c, ok := s.Cell(i); ok {
			t.Errorf("free cell %d holds %s", i, c)
		}
	}
	checkInvariants(t, &s)
}

func TestParseDealErrors(t *testing.T) {
	d := NewDeal(1).String()
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", "this one has 0"},
		{"51 cards", d[:len(d)-3], "this one has 51"},
		{"53 cards", d + " " + d[:2], "this one has 53"},
		{"bad rank", "1D" + d[2:], "deal position 1"},
		{"bad suit", d[:len(d)-1] + "X", "deal position 52"},
		{"twice", d[:len(d)-2] + d[:2], "JD is twice in the deal (again at position 52)"},
		{"three chars", "10D" + d[2:], "two characters"},
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
	for _, seed := range []uint64{1, 1 << 40} {
		d := NewDeal(seed)
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
		t.Errorf("MarshalText of 52 aces of clubs: got %v, want ErrNotation", err)
	}
}

func TestNewRefuses(t *testing.T) {
	if _, err := New(NewDeal(1), Rules{Cells: 5}); !errors.Is(err, ErrUnknownProfile) {
		t.Errorf("5 cells: got %v, want ErrUnknownProfile", err)
	}
	if _, err := New(Deal{}, fourCells); !errors.Is(err, ErrNotation) {
		t.Errorf("zero deal: got %v, want ErrNotation", err)
	}
}

// TestCardNotation checks this package's card functions and that Card's
// text methods match ErrNotation; the notation itself is tested in
// internal/cards.
func TestCardNotation(t *testing.T) {
	for _, in := range []string{"", "KSS", "1S", "AX"} {
		_, err := ParseCard(in)
		if !errors.Is(err, ErrNotation) || !strings.Contains(err.Error(), "freecell: bad notation: ") {
			t.Errorf("ParseCard(%q): got %v, want a freecell error wrapping ErrNotation", in, err)
		}
	}
	if c, err := ParseCard("QH"); err != nil || c.Rank() != Queen || c.Suit() != Hearts {
		t.Errorf("ParseCard(QH) = %v, %v", c, err)
	}
	if su, err := ParseSuit('S'); err != nil || su != Spades {
		t.Errorf("ParseSuit(S) = %v, %v", su, err)
	}
	if r, err := ParseRank('T'); err != nil || r != 10 {
		t.Errorf("ParseRank(T) = %v, %v", r, err)
	}
	var c Card
	if err := c.UnmarshalText([]byte("Q")); !errors.Is(err, ErrNotation) {
		t.Errorf("UnmarshalText(Q): got %v, want ErrNotation", err)
	}
	if NoCard.Valid() {
		t.Error("NoCard is a card")
	}
}
