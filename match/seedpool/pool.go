package seedpool

import (
	"context"
	"errors"
)

// ErrEmpty reports that no seed is ready for a profile.
var ErrEmpty = errors.New("seedpool: no proven seed ready")

// Pool is the shared store of proven seeds, per rule profile. Each seed
// is taken at most once, whichever node takes it. Implementations are
// safe for concurrent use.
type Pool interface {
	// Take removes and returns a seed of profile; ErrEmpty when none is
	// ready.
	Take(ctx context.Context, profile string) (uint64, error)
	// Offer adds seed to profile's seeds unless they number size or
	// more already, and reports whether it did and how many are ready
	// after the call.
	Offer(ctx context.Context, profile string, seed uint64, size int) (added bool, ready int, err error)
	// Stats returns, for each of profiles, how many seeds are ready and
	// how many were ever taken.
	Stats(ctx context.Context, profiles []string) ([]Stat, error)
}

// Stat is one profile's state in a Pool.
type Stat struct {
	// Ready is how many seeds wait to be taken.
	Ready int
	// Taken is how many seeds were taken since the store began.
	Taken int64
}
