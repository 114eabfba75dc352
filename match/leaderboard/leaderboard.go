package leaderboard

import (
	"context"
	"errors"
	"time"

	"github.com/solitaire-race/racer/match/rating"
)

// Store keeps, per rule profile, the players' ratings, their display
// names and the boards (sorted sets) of ratings, wins and daily times.
// A finished race is written with Apply exactly once, however many nodes
// call it. Implementations are safe for concurrent use.
type Store interface {
	// Apply writes race u once. The first call for a (profile, race)
	// reads the current ratings of u.Rated (a player without one is
	// missing from the map), calls rate to compute their new ratings,
	// and stores those, u's wins and names, and the race's "applied"
	// marker in one atomic step; it returns applied = true. Every later
	// call returns false and writes nothing. rate may be called more
	// than once (when a concurrent write forces a retry) and must be a
	// pure function of its argument; it is not called, and may be nil,
	// when u.Rated is empty.
	Apply(ctx context.Context, u Update, rate RateFunc) (applied bool, err error)

	// Ratings returns the stored ratings of players under profile;
	// players never rated are missing from the map.
	Ratings(ctx context.Context, profile string, players ...string) (map[string]rating.Rating, error)

	// Top returns the first n entries of board b, best first.
	Top(ctx context.Context, b Board, n int) ([]Entry, error)

	// Rank returns player's entry on b, or ErrNotRanked.
	Rank(ctx context.Context, b Board, player string) (Entry, error)

	// Around returns player's entry on b with up to n entries on each
	// side, best first, or ErrNotRanked.
	Around(ctx context.Context, b Board, player string, n int) ([]Entry, error)

	// Count returns the number of entries on b.
	Count(ctx context.Context, b Board) (int, error)

	// StartDaily claims player's one attempt at profile's daily
	// challenge of day ("2006-01-02"): true the first time, false after.
	StartDaily(ctx context.Context, profile, day, player string) (first bool, err error)

	// RecordDaily puts a won first attempt on the daily board of its day.
	// Only the first record of a player for a day counts: it returns
	// false, and changes nothing, when the player is already there.
	RecordDaily(ctx context.Context, d Daily) (recorded bool, err error)

	// ClaimDailyTry records try, and whether a solver proved it
	// winnable, as the candidate dealt for profile's daily challenge of
	// day, unless one is recorded already, and returns the one recorded:
	// so every node deals the same candidate even where their solvers
	// decide candidates differently (a cluster upgraded one node at a
	// time). The record lasts as long as the day's board.
	ClaimDailyTry(ctx context.Context, profile, day string, try int, checked bool) (gotTry int, gotChecked bool, err error)

	// DailyTry returns the candidate ClaimDailyTry recorded for profile's
	// daily challenge of day, if any (found false, and no error, when
	// none is), without recording one: a node reads what a dealer or
	// another node decided instead of searching again.
	DailyTry(ctx context.Context, profile, day string) (try int, checked, found bool, err error)

	// RemoveDaily takes player off the daily boards of profiles, every
	// day the store keeps (a store that expires keys keeps a day's board
	// DayTTL after the day begins), and returns how many boards listed
	// them: a moderator's mark (match/archive's Annul) hides the player
	// from every board. Their attempts stay claimed, their names stay.
	RemoveDaily(ctx context.Context, player string, profiles ...string) (removed int, err error)
}

// RateFunc computes new ratings from current ones (see Store.Apply).
type RateFunc func(current map[string]rating.Rating) map[string]rating.Rating

// Update is what one finished race writes.
type Update struct {
	// Profile and Race identify the race; together they key the
	// "applied" marker.
	Profile, Race string
	// At is the race's end (store time): it picks the day and week
	// boards.
	At time.Time
	// Rated lists the players whose ratings rate computes; each new
	// rating is stored and put on the rating board.
	Rated []string
	// Wins lists the players who get one win on the wins boards.
	Wins []string
	// Names maps player IDs to display names to store beside them.
	Names map[string]string
}

// Daily is one player's won first attempt at a daily challenge.
type Daily struct {
	Profile string
	// Day is the challenge's UTC date, "2006-01-02".
	Day          string
	Player, Name string
	// Time is the win time from the start; Actions the action count.
	Time    time.Duration
	Actions int
}

// Errors of stores.
var (
	// ErrNotRanked reports a player who is not on a board.
	ErrNotRanked = errors.New("leaderboard: player not on this board")
	// ErrBadBoard reports a board that does not exist.
	ErrBadBoard = errors.New("leaderboard: no such board")
	// ErrConflict reports an Apply that lost too many races against
	// concurrent writers; nothing was written and the caller may retry.
	ErrConflict = errors.New("leaderboard: too much contention, retry")
)

// Retention of the period boards and daily attempt markers in stores that
// expire keys (Redis): a day's boards are kept DayTTL after the day
// starts, a week's WeekTTL after the week starts.
const (
	DayTTL  = 40 * 24 * time.Hour
	WeekTTL = 120 * 24 * time.Hour
)
