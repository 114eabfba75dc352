package arena

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Entry is one line of a Schedule: an arena on Profile every Every,
// starting at the multiples of Every since the Unix epoch plus Offset.
type Entry struct {
	Profile  string
	Every    time.Duration
	Duration time.Duration
	RaceSize int
	Rated    bool
	Offset   time.Duration
}

// Schedule is the list of regular arenas a server creates.
type Schedule []Entry

// DefaultScheduleText is the schedule a server runs unless told
// otherwise: a rated bvs arena of 50 minutes every hour, and a rated
// spider-1 arena of an hour every day at 18:00 UTC.
const DefaultScheduleText = "bvs/1h/50m,spider-1/24h/1h/2/@18h"

// ParseSchedule reads a schedule: entries separated by commas, each
// "profile/every/duration" and optionally "/size" (2 to 4, default 2),
// "/unrated" and "/@offset" (a duration after each multiple of every),
// in any order after the duration. "" and "off" are no schedule. Each
// arena must last minDuration to MaxDuration and no longer than every;
// validProfile reports a known profile.
func ParseSchedule(s string, minDuration time.Duration, validProfile func(string) bool) (Schedule, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "off" {
		return nil, nil
	}
	var out Schedule
	for _, item := range strings.Split(s, ",") {
		f := strings.Split(strings.TrimSpace(item), "/")
		if len(f) < 3 {
			return nil, fmt.Errorf("%w: schedule entry %q is not profile/every/duration", ErrInvalid, item)
		}
		e := Entry{Profile: f[0], RaceSize: 2, Rated: true}
		var err error
		if e.Every, err = time.ParseDuration(f[1]); err != nil || e.Every < time.Minute || e.Every > 7*24*time.Hour {
			return nil, fmt.Errorf("%w: schedule entry %q: every is 1m to 168h", ErrInvalid, item)
		}
		if e.Duration, err = time.ParseDuration(f[2]); err != nil {
			return nil, fmt.Errorf("%w: schedule entry %q: bad duration", ErrInvalid, item)
		}
		for _, x := range f[3:] {
			switch {
			case x == "unrated":
				e.Rated = false
			case x == "rated":
				e.Rated = true
			case strings.HasPrefix(x, "@"):
				if e.Offset, err = time.ParseDuration(x[1:]); err != nil || e.Offset < 0 || e.Offset >= e.Every {
					return nil, fmt.Errorf("%w: schedule entry %q: the offset is a duration below every", ErrInvalid, item)
				}
			default:
				if e.RaceSize, err = strconv.Atoi(x); err != nil {
					return nil, fmt.Errorf("%w: schedule entry %q: unknown option %q", ErrInvalid, item, x)
				}
			}
		}
		if e.Duration > e.Every {
			return nil, fmt.Errorf("%w: schedule entry %q lasts longer than its period", ErrInvalid, item)
		}
		if err := e.arena(time.Unix(0, 0)).Validate(minDuration, validProfile); err != nil {
			return nil, fmt.Errorf("schedule entry %q: %w", item, err)
		}
		out = append(out, e)
	}
	return out, nil
}

// Due returns the arenas of the schedule that a server should hold at
// now: for each entry the one running (if any) and the next. Their IDs
// depend only on the entry and the start, so that every node creates the
// same arenas (Store.Create keeps the first).
func (s Schedule) Due(now time.Time) []Arena {
	var out []Arena
	for _, e := range s {
		k := now.Add(-e.Offset).UnixNano() / int64(e.Every)
		cur := time.Unix(0, k*int64(e.Every)).Add(e.Offset)
		if a := e.arena(cur); now.Before(a.End()) {
			out = append(out, a)
		}
		out = append(out, e.arena(cur.Add(e.Every)))
	}
	return out
}

func (e Entry) arena(start time.Time) Arena {
	start = start.UTC()
	name := "Hourly " + e.Profile
	switch {
	case e.Every == 24*time.Hour:
		name = "Daily " + e.Profile
	case e.Every != time.Hour:
		name = e.Profile + " every " + strings.TrimSuffix(strings.TrimSuffix(e.Every.String(), "0s"), "0m")
	}
	return Arena{
		ID:      fmt.Sprintf("%s-%dm-%d", e.Profile, int64(e.Every/time.Minute), start.Unix()),
		Name:    name + " arena",
		Profile: e.Profile, Start: start, Duration: e.Duration, RaceSize: e.RaceSize, Rated: e.Rated,
		Every: e.Every,
	}
}
