package archive

import (
	"context"
	"errors"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/replay"
)

// Archive keeps finished races for good, in a database: a race by ID, the
// races of a player (most recent first) and the races of a profile by UTC
// day. It is a replay.Store: Save writes a race once by its ID, Load reads
// it back. Implementations are safe for concurrent use.
type Archive interface {
	replay.Store
	// Has reports whether race is archived.
	Has(ctx context.Context, race string) (bool, error)
	// The analyses of racers' games (analysis.go), written before or
	// after their race, each replacing the one of its race and player.
	replay.AnalysisStore
	// PlayerRaces returns the races player took part in, most recent
	// first, page by page.
	PlayerRaces(ctx context.Context, player string, page Page) ([]Entry, error)
	// DayRaces returns the races of profile that finished on the UTC day
	// of day, most recent first, page by page.
	DayRaces(ctx context.Context, profile string, day time.Time, page Page) ([]Entry, error)
	// Close releases the database.
	Close() error
}

// Page selects a page of a listing. The zero Page is the first
// DefaultLimit entries.
type Page struct {
	// Limit is the most entries returned. Default (0) DefaultLimit; at
	// most MaxLimit.
	Limit int
	// Offset skips this many entries first.
	Offset int
}

// The bounds of Page.Limit.
const (
	DefaultLimit = 20
	MaxLimit     = 200
)

func (p Page) limit() int {
	switch {
	case p.Limit <= 0:
		return DefaultLimit
	case p.Limit > MaxLimit:
		return MaxLimit
	}
	return p.Limit
}

// Entry is one line of a listing: enough to show a race in a list; Load
// reads the rest.
type Entry struct {
	// Race is the race's ID.
	Race string
	// Profile is the race's rule profile.
	Profile string
	// FinishedAt is when the race ended, to the millisecond.
	FinishedAt time.Time
	// Racers is the size of the roster.
	Racers int
	// Place and Status are the player's in PlayerRaces (zero in
	// DayRaces).
	Place  int
	Status match.Status
}

// Errors of the archive.
var (
	// ErrNotFound is replay.ErrNotFound: Load of a race not archived.
	ErrNotFound = replay.ErrNotFound
	// ErrURL reports an archive URL that Open does not take.
	ErrURL = errors.New("archive: bad URL")
)
