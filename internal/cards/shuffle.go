package cards

import "math/bits"

// Shuffle puts deck in the order of seed by the algorithm of the package
// doc: Fisher–Yates driven by SplitMix64. It never changes: the engines'
// golden deals pin it.
func Shuffle(deck []Card, seed uint64) {
	rng := NewSplitMix64(seed)
	for i := len(deck) - 1; i > 0; i-- {
		j := rng.Below(uint64(i + 1))
		deck[i], deck[j] = deck[j], deck[i]
	}
}

// SplitMix64 is Steele, Lea and Flood's SplitMix64 generator, written out
// here so that deals never depend on a library's choice of algorithm.
// The zero value is the generator seeded with 0. It is not safe for
// concurrent use.
type SplitMix64 struct{ state uint64 }

// NewSplitMix64 returns the generator seeded with seed.
func NewSplitMix64(seed uint64) SplitMix64 { return SplitMix64{state: seed} }

// Next returns the next 64-bit output.
func (r *SplitMix64) Next() uint64 {
	r.state += 0x9E3779B97F4A7C15
	z := r.state
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// Below returns a uniform value in [0, n) by Lemire's multiply-and-reject
// method (n > 0).
func (r *SplitMix64) Below(n uint64) uint64 {
	hi, lo := bits.Mul64(r.Next(), n)
	if lo < n { // only then can lo fall below the threshold, which is < n
		threshold := -n % n // 2^64 mod n
		for lo < threshold {
			hi, lo = bits.Mul64(r.Next(), n)
		}
	}
	return hi
}
