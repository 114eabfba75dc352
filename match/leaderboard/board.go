package leaderboard

import (
	"fmt"
	"math"
	"time"
)

// Kind is what a board ranks.
type Kind string

// The boards of each profile.
const (
	// KindRating ranks Glicko-2 ratings, provisional ones included,
	// highest first. Period All only.
	KindRating Kind = "rating"
	// KindWins ranks wins in rated races, most first. Periods Day, Week
	// and All.
	KindWins Kind = "wins"
	// KindDaily ranks the daily challenge's first attempts that won, by
	// win time then actions, fastest first. Period Day only.
	KindDaily Kind = "daily"
)

// Period is the span a board covers; days and ISO weeks are UTC.
type Period string

// Periods.
const (
	Day  Period = "day"
	Week Period = "week"
	All  Period = "all"
)

// Board names one leaderboard: a kind under a profile for one period.
type Board struct {
	Profile string
	Kind    Kind
	Period  Period
	// At is any instant in the day or week the board covers; ignored for
	// All.
	At time.Time
}

// Check reports whether b names a board that exists: a known kind with
// one of its periods and a profile name of 1 to 32 letters, digits, '-'
// or '_'. The error wraps ErrBadBoard.
func (b Board) Check() error {
	if err := CheckProfile(b.Profile); err != nil {
		return err
	}
	ok := false
	switch b.Kind {
	case KindRating:
		ok = b.Period == All
	case KindWins:
		ok = b.Period == Day || b.Period == Week || b.Period == All
	case KindDaily:
		ok = b.Period == Day
	default:
		return fmt.Errorf("%w: unknown board %q", ErrBadBoard, b.Kind)
	}
	if !ok {
		return fmt.Errorf("%w: the %s board has no period %q", ErrBadBoard, b.Kind, b.Period)
	}
	return nil
}

// CheckProfile reports whether name may name a profile in keys: 1 to 32
// letters, digits, '-' or '_'. The error wraps ErrBadBoard.
func CheckProfile(name string) error {
	if len(name) == 0 || len(name) > 32 {
		return fmt.Errorf("%w: profile name of %d bytes", ErrBadBoard, len(name))
	}
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return fmt.Errorf("%w: profile %q", ErrBadBoard, name)
		}
	}
	return nil
}

// Bucket names the period b covers: "all", a UTC date "2026-11-30" or an
// ISO week "2026-W49".
func (b Board) Bucket() string {
	switch b.Period {
	case Day:
		return DayOf(b.At)
	case Week:
		y, w := b.At.UTC().ISOWeek()
		return fmt.Sprintf("%04d-W%02d", y, w)
	}
	return "all"
}

// DayOf returns t's UTC date as "2006-01-02".
func DayOf(t time.Time) string { return t.UTC().Format(time.DateOnly) }

// Ascending reports whether lower scores rank first on b's kind.
func (b Board) Ascending() bool { return b.Kind == KindDaily }

// Entry is one line of a board.
type Entry struct {
	// Rank is the 1-based position on the board.
	Rank int `json:"rank"`
	// Player is the player's ID and Name their display name ("" if
	// unknown).
	Player string `json:"player"`
	Name   string `json:"name"`
	// Score is the board's score: the rating, the number of wins, or a
	// daily score (DailyScore).
	Score float64 `json:"score"`
}

// Limits of DailyScore: times are kept to the millisecond up to 2^33 ms
// (about 99 days) and actions up to 2^20 − 1, so that the score is exact
// in a float64, as Redis keeps it.
const (
	maxDailyMillis  = 1 << 33
	maxDailyActions = 1<<20 - 1
)

// DailyScore is the daily board's score of a win in d with actions
// actions: lower is better, time first, then actions. Both are clamped
// to what a float64 keeps exactly.
func DailyScore(d time.Duration, actions int) float64 {
	ms := min(max(d.Milliseconds(), 0), maxDailyMillis)
	a := min(max(actions, 0), maxDailyActions)
	return float64(ms<<20 | int64(a))
}

// SplitDailyScore inverts DailyScore.
func SplitDailyScore(score float64) (time.Duration, int) {
	if score < 0 || score > math.MaxInt64/2 {
		return 0, 0
	}
	v := int64(score)
	return time.Duration(v>>20) * time.Millisecond, int(v & maxDailyActions)
}

// dailyBoard returns the daily board d goes on.
func dailyBoard(d Daily) (Board, error) {
	at, err := time.Parse(time.DateOnly, d.Day)
	if err != nil {
		return Board{}, fmt.Errorf("%w: day %q", ErrBadBoard, d.Day)
	}
	b := Board{Profile: d.Profile, Kind: KindDaily, Period: Day, At: at}
	return b, b.Check()
}
