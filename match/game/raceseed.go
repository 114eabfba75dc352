package game

import (
	"crypto/rand"
	"encoding/binary"
)

// MinRaceSeed is the least seed a race deals. The seeds below it are left
// to numbered deals that people can look up with their solutions (a game
// may deal a published series there, as the package doc of its engine
// says).
const MinRaceSeed = 1 << 31

// RaceSeed returns x as a race's seed: x itself from MinRaceSeed up, and
// below it x with its top bit set. Every game's races deal seeds through
// it (the random dealer, the solver pools, the daily challenge), so that
// no race is a deal whose solution is published; for a uniform x the
// odds of changing it are 2⁻³³.
func RaceSeed(x uint64) uint64 {
	if x < MinRaceSeed {
		return x | 1<<63
	}
	return x
}

// RandomRaceSeed returns a uniformly random race seed (RaceSeed of 64
// random bits).
func RandomRaceSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:]) // never fails
	return RaceSeed(binary.LittleEndian.Uint64(b[:]))
}
