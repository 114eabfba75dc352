package rating

import (
	"math"
	"time"
)

// Default bounds of what an established rating gains from provisional
// opponents (Config.ProvisionalRaceGain, Config.ProvisionalDayGain).
const (
	DefaultProvisionalRaceGain = 10
	DefaultProvisionalDayGain  = 30
)

// ProvisionalGain is what a rating gained on one day (UTC) from games
// against provisional opponents, while it was established: the state
// behind Config.ProvisionalDayGain. The zero value is no gain.
type ProvisionalGain struct {
	// Day is the day, "2006-01-02" in UTC; Points what was gained on it.
	Day    string  `json:"day,omitempty"`
	Points float64 `json:"points,omitempty"`
}

// boundProvisional bounds what pre, an established rating, gains in a
// race from its games against provisional opponents (those of games
// whose opponent is provisional): r is the rating after all its games,
// and the rating after only the other games sets the base. It returns r
// with the gain bounded and the day's tally grown. A new account can
// thus lend an established one at most ProvisionalRaceGain a race and
// ProvisionalDayGain a day, however often it loses.
func (c Config) boundProvisional(pre, r Rating, games []Game, now time.Time) Rating {
	day := now.UTC().Format(time.DateOnly)
	tally := pre.FromProvisional
	if tally.Day != day {
		tally = ProvisionalGain{Day: day}
	}
	r.FromProvisional = pre.FromProvisional
	if pre.Provisional() {
		return r
	}
	var settled []Game
	for _, g := range games {
		if !g.Opponent.Provisional() {
			settled = append(settled, g)
		}
	}
	if len(settled) == len(games) {
		return r
	}
	base := pre.Rating
	if len(settled) > 0 {
		base = Update(pre, settled, c.Tau, 0).Rating
	}
	gain := r.Rating - base
	if gain <= 0 {
		return r
	}
	allowed := math.Max(0, math.Min(c.ProvisionalRaceGain, c.ProvisionalDayGain-tally.Points))
	gain = math.Min(gain, allowed)
	r.Rating = base + gain
	tally.Points += gain
	r.FromProvisional = tally
	return r
}
