// Package cards holds what the engines (klondike, spider) share: the
// card of a standard 52-card deck, its notation, and the seeded shuffle
// that deals every game. It uses the standard library only and imports
// no other package of this module; the engines' rules stay in their own
// packages.
//
// A card is written as its rank then its suit, "TD" for the ten of
// diamonds (see RULES.md). A game names its own notation errors, so an
// engine reads cards through its Notation:
//
//	var notation = cards.NewNotation("klondike: bad notation")
//
//	c, err := notation.ParseCard("QH") // err, if any, wraps notation
//
// # The shuffle
//
// Shuffle puts a deck in the order of a 64-bit seed, the same order on
// every machine and every Go version:
//
//  1. Draw 64-bit numbers from SplitMix64 (Steele, Lea and Flood) seeded
//     with the seed: each step adds 0x9E3779B97F4A7C15 to the state and
//     mixes it with the published constants.
//  2. Fisher–Yates: for i from the last position down to 1, swap
//     positions i and j, where j is uniform in [0, i] by Lemire's method:
//     the high 64 bits of x·(i+1) for a drawn x, drawing again while the
//     low 64 bits fall below 2^64 mod (i+1).
//
// Golden deals in the engines' testdata pin it; it never changes.
package cards
