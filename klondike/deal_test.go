package klondike

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

var goldenSeeds = []uint64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 42, 1 << 63, 1<<64 - 1}

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
			t.Fatalf("line %q has no tab", sc.Text())
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

func TestNewDealIsAPermutation(t *testing.T) {
	for seed := uint64(0); seed < 1000; seed++ {
		if err := NewDeal(seed).Validate(); err != nil {
			t.Fatalf("NewDeal(%d): %v", seed, err)
		}
	}
	if NewDeal(1) == NewDeal(2) {
		t.Error("seeds 1 and 2 give the same deal")
	}
}

func TestParseDealErrors(t *testing.T) {
	d0 := NewDeal(0).String()
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", "this one has 0"},
		{"51 cards", d0[:len(d0)-3], "this one has 51"},
		{"53 cards", d0 + " " + d0[:2], "this one has 53"},
		{"bad rank", "1C" + d0[2:], "deal position 1"},
		{"bad suit", d0[:len(d0)-1] + "X", "deal position 52"},
		{"twice", d0[:len(d0)-2] + d0[:2], "twice (positions 1 and 52)"},
		{"three chars", "10C" + d0[2:], "two characters"},
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
	d := NewDeal(42)
	b, err := d.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	var got Deal
	if err := got.UnmarshalText(b); err != nil || got != d {
		t.Errorf("got %v, %v; want %v", got, err, d)
	}
	var bad Deal
	bad[0] = 60
	if _, err := bad.MarshalText(); !errors.Is(err, ErrNotation) {
		t.Errorf("MarshalText of an invalid deal: got %v, want ErrNotation", err)
	}
}

// TestCardNotation checks this package's card functions; the notation
// itself is tested in internal/cards. Errors wrap ErrNotation and say
// "klondike".
func TestCardNotation(t *testing.T) {
	if c, err := ParseCard("TD"); err != nil || c != NewCard(10, Diamonds) || c.String() != "TD" {
		t.Errorf("ParseCard(TD) = %v, %v", c, err)
	}
	if r, err := ParseRank('Q'); err != nil || r != Queen {
		t.Errorf("ParseRank(Q) = %v, %v", r, err)
	}
	for _, s := range []string{"", "A", "ASS", "as", "1S", "AX", "??"} {
		_, err := ParseCard(s)
		if !errors.Is(err, ErrNotation) || !strings.Contains(err.Error(), "klondike: bad notation: ") {
			t.Errorf("ParseCard(%q): got %v, want a klondike error wrapping ErrNotation", s, err)
		}
	}
	if _, err := ParseSuit('X'); err == nil || err.Error() != `klondike: bad notation: suit "X" is not one of C D H S` {
		t.Errorf("ParseSuit(X): got %v", err)
	}
}
