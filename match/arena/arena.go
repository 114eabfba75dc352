package arena

import (
	"errors"
	"fmt"
	"time"
	"unicode/utf8"
)

// Limits of an arena that people create or schedule.
const (
	MinDuration = 10 * time.Minute
	MaxDuration = 120 * time.Minute
	MinRaceSize = 2
	MaxRaceSize = 4
	// MaxName is the longest arena name, in characters.
	MaxName = 40
	// MaxPlayers bounds an arena's roster.
	MaxPlayers = 1000
)

// Errors of the package; the hub maps them to wire codes.
var (
	ErrNotFound  = errors.New("arena: no such arena")
	ErrExists    = errors.New("arena: an arena with that ID exists")
	ErrInvalid   = errors.New("arena: invalid arena")
	ErrFinished  = errors.New("arena: the arena is over")
	ErrFull      = errors.New("arena: the arena is full")
	ErrNotJoined = errors.New("arena: not a player of the arena")
	ErrBotRated  = errors.New("arena: bots never play rated arenas")
)

// Arena is one arena's setup.
type Arena struct {
	// ID names the arena; letters, digits and - only, at most 64.
	ID string `json:"id"`
	// Name is shown to players.
	Name string `json:"name"`
	// Profile is the rule profile every race of the arena is dealt.
	Profile string `json:"profile"`
	// Start and Duration bound the time in which races are paired.
	Start    time.Time     `json:"start"`
	Duration time.Duration `json:"duration"`
	// RaceSize is the number of racers per race (2 to 4); fewer race
	// together when no more are free for a while.
	RaceSize int `json:"race_size"`
	// Rated arenas count for ratings and never seat bots; unrated ones
	// may fill with labelled bots.
	Rated bool `json:"rated"`
	// Host is the player who created the arena, "" for a scheduled one.
	Host string `json:"host,omitempty"`
	// Private arenas are reached by their link only: lists leave them out.
	Private bool `json:"private,omitempty"`
	// Every is the period of the schedule entry that made the arena, 0
	// for an arena a host made. A scheduled arena's Name is English;
	// clients may word it from Every and Profile in their own language.
	Every time.Duration `json:"every,omitempty"`
}

// End is when the arena stops pairing.
func (a Arena) End() time.Time { return a.Start.Add(a.Duration) }

// Phases of an arena.
const (
	PhaseUpcoming = "upcoming"
	PhaseRunning  = "running"
	PhaseFinished = "finished"
)

// Phase returns the arena's phase at now. An arena whose end has passed
// is finished for pairing even while its last races run (they still
// count).
func (a Arena) Phase(now time.Time) string {
	switch {
	case now.Before(a.Start):
		return PhaseUpcoming
	case now.Before(a.End()):
		return PhaseRunning
	}
	return PhaseFinished
}

// Validate checks a; minDuration is the shortest duration allowed
// (MinDuration for everything people create or schedule; tests pass
// less). validProfile reports a known rule profile.
func (a Arena) Validate(minDuration time.Duration, validProfile func(string) bool) error {
	switch {
	case !validID(a.ID):
		return fmt.Errorf("%w: an ID is 1 to 64 letters, digits or -", ErrInvalid)
	case a.Name == "" || utf8.RuneCountInString(a.Name) > MaxName || !utf8.ValidString(a.Name):
		return fmt.Errorf("%w: a name is 1 to %d characters", ErrInvalid, MaxName)
	case validProfile != nil && !validProfile(a.Profile):
		return fmt.Errorf("%w: unknown profile %q", ErrInvalid, a.Profile)
	case a.Duration < minDuration || a.Duration > MaxDuration:
		return fmt.Errorf("%w: an arena lasts %v to %v", ErrInvalid, MinDuration, MaxDuration)
	case a.RaceSize < MinRaceSize || a.RaceSize > MaxRaceSize:
		return fmt.Errorf("%w: races take %d to %d racers", ErrInvalid, MinRaceSize, MaxRaceSize)
	case a.Start.IsZero():
		return fmt.Errorf("%w: no start time", ErrInvalid)
	}
	return nil
}

func validID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}
