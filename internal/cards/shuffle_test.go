package cards

import (
	"slices"
	"testing"
)

// TestSplitMix64 checks the generator against the reference outputs for
// seed 1234567 of the published C implementation.
func TestSplitMix64(t *testing.T) {
	r := NewSplitMix64(1234567)
	want := []uint64{6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431, 16408922859458223821}
	for i, w := range want {
		if got := r.Next(); got != w {
			t.Errorf("output %d: got %d, want %d", i, got, w)
		}
	}
}

func TestBelow(t *testing.T) {
	r := NewSplitMix64(7)
	var count [6]int
	for range 6000 {
		v := r.Below(6)
		if v >= 6 {
			t.Fatalf("Below(6) = %d", v)
		}
		count[v]++
	}
	for v, n := range count {
		if n < 800 || n > 1200 {
			t.Errorf("Below(6) gave %d %d times in 6000, want about 1000", v, n)
		}
	}
	if v := r.Below(1); v != 0 {
		t.Errorf("Below(1) = %d, want 0", v)
	}
	// 2^64 - 1 rejects draws whose low bits fall below 1.
	if v := r.Below(1<<64 - 1); v == 1<<64-1 {
		t.Errorf("Below(2^64-1) = %d, out of range", v)
	}
}

// TestShuffleGolden pins Shuffle: a fresh deck under seed 0 is the deal
// of seed 0 in klondike's testdata/golden_deals.txt.
func TestShuffleGolden(t *testing.T) {
	var deck [DeckSize]Card
	for i := range deck {
		deck[i] = Card(i)
	}
	Shuffle(deck[:], 0)
	const want = "KC TH 9C TS 3C JS KS QC 3H KD 6D AD JD 3S 4C QS 4H 2D JH AC 5C 5H KH 6S 8H 5S 8S QD TC 4S AS 7H 2H 7C QH 5D 7D AH 9D 8D 6H 4D 2S JC 9H 8C 3D 6C 9S 2C TD 7S"
	if got := Join(deck[:]); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestShuffleIsAPermutation(t *testing.T) {
	for _, n := range []int{0, 1, 2, 52, 104} {
		for seed := range uint64(50) {
			deck := make([]Card, n)
			for i := range deck {
				deck[i] = Card(i % DeckSize)
			}
			sorted := slices.Clone(deck)
			slices.Sort(sorted)
			Shuffle(deck, seed)
			slices.Sort(deck)
			if !slices.Equal(deck, sorted) {
				t.Fatalf("%d cards, seed %d: the shuffle is not a permutation", n, seed)
			}
		}
	}
	a := make([]Card, DeckSize)
	b := make([]Card, DeckSize)
	for i := range a {
		a[i], b[i] = Card(i), Card(i)
	}
	Shuffle(a, 1)
	Shuffle(b, 2)
	if slices.Equal(a, b) {
		t.Error("seeds 1 and 2 give the same order")
	}
}

func BenchmarkShuffle(b *testing.B) {
	var deck [2 * DeckSize]Card
	b.ReportAllocs()
	var seed uint64
	for b.Loop() {
		Shuffle(deck[:], seed)
		seed++
	}
}
