package cli

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxSeeds is the most seeds a range may hold.
const MaxSeeds = 100_000_000

// ParseSeedRange reads an inclusive range of seeds "A-B", A ≤ B, of at
// most MaxSeeds seeds.
func ParseSeedRange(s string) (lo, hi uint64, err error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		return 0, 0, fmt.Errorf("want A-B, like 1-1000, not %q", s)
	}
	if lo, err = strconv.ParseUint(a, 10, 64); err != nil {
		return 0, 0, fmt.Errorf("bad first seed %q", a)
	}
	if hi, err = strconv.ParseUint(b, 10, 64); err != nil {
		return 0, 0, fmt.Errorf("bad last seed %q", b)
	}
	if hi < lo || hi-lo >= MaxSeeds {
		return 0, 0, fmt.Errorf("want A ≤ B and at most 100000000 seeds, not %q", s)
	}
	return lo, hi, nil
}
