package archive

import (
	"context"
	"errors"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/arena"
	"github.com/solitaire-race/racer/match/rating"
	"github.com/solitaire-race/racer/match/replay"
)

// Archive keeps finished races for good, in a database: a race by ID, the
// races of a player (most recent first) and the races of a profile by UTC
// day; and the final standings of finished arenas, by arena and by
// player. It is a replay.Store: Save writes a race once by its ID, Load reads
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
	// PlayerName returns the name player raced under in their latest
	// archived race; found is false when they have none.
	PlayerName(ctx context.Context, player string) (name string, found bool, err error)
	// SaveRatings writes rating changes to the history; a change of a
	// (player, profile, race) written already is skipped.
	SaveRatings(ctx context.Context, changes []rating.Change) error
	// RatingHistory returns the latest n changes (at most MaxHistory) of
	// player's rating under profile, oldest first.
	RatingHistory(ctx context.Context, player, profile string, n int) ([]rating.Change, error)
	// SaveArena writes a finished arena's final standings (ranked, every
	// player) unless the arena is archived already, and reports whether
	// this call wrote it: whichever node finishes an arena, it is
	// archived once.
	SaveArena(ctx context.Context, a arena.Arena, standings []arena.Standing) (bool, error)
	// LoadArena returns an archived arena and its final standings, best
	// first (ErrNotFound).
	LoadArena(ctx context.Context, id string) (arena.Arena, []arena.Standing, error)
	// PlayerArenas returns the public archived arenas player took part
	// in, the latest to end first, page by page (Limit and Offset).
	PlayerArenas(ctx context.Context, player string, page Page) ([]ArenaEntry, error)
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
	// After, when set, starts the page after this entry: the last entry
	// of the previous page (Entry.Cursor).
	After Cursor
}

// The bounds of Page.Limit.
const (
	DefaultLimit = 20
	MaxLimit     = 200
)

// MaxHistory is the most rating changes RatingHistory returns.
const MaxHistory = 500

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
	// DayRaces); Tied reports that they shared that place with another
	// racer.
	Place  int
	Tied   bool
	Status match.Status
	// Name, CardsHome and Time are the player's in PlayerRaces: the
	// name they raced under, the cards they took off the table and the
	// time they played: from the start to the end of their game (to
	// their last action in races archived before results kept it).
	Name      string
	CardsHome int
	Time      time.Duration
	// Rated reports, in PlayerRaces, that the race changed the player's
	// rating, from RatingBefore to RatingAfter.
	Rated                     bool
	RatingBefore, RatingAfter float64
}

// Cursor returns the cursor of the page that follows e.
func (e Entry) Cursor() Cursor { return Cursor{FinishedAt: e.FinishedAt, Race: e.Race} }

// Errors of the archive.
var (
	// ErrNotFound is replay.ErrNotFound: Load of a race not archived.
	ErrNotFound = replay.ErrNotFound
	// ErrURL reports an archive URL that Open does not take.
	ErrURL = errors.New("archive: bad URL")
	// ErrCursor reports a cursor that ParseCursor does not take.
	ErrCursor = errors.New("archive: bad cursor")
)
