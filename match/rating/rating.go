package rating

import (
	"math"
	"time"
)

// Rating is one player's Glicko-2 rating under one rule profile, on the
// Glicko scale.
type Rating struct {
	// Rating is the rating (1500 at the start).
	Rating float64 `json:"rating"`
	// Deviation is the rating deviation (RD).
	Deviation float64 `json:"deviation"`
	// Volatility is sigma.
	Volatility float64 `json:"volatility"`
	// Games counts the rated games played: a race against n−1 rated
	// opponents counts n−1.
	Games int `json:"games"`
	// Updated is when the rating last changed; zero for a new player.
	Updated time.Time `json:"updated,omitzero"`
	// FromProvisional is what the rating gained today from provisional
	// opponents while established (Config.ProvisionalDayGain).
	FromProvisional ProvisionalGain `json:"from_provisional,omitzero"`
}

// ProvisionalDeviation is lichess's threshold: a rating whose deviation
// is at least this is provisional (shown with a "?").
const ProvisionalDeviation = 110

// Provisional reports whether r's deviation is still high.
func (r Rating) Provisional() bool { return r.Deviation >= ProvisionalDeviation }

// Config holds the rating system's constants. The zero value means
// lichess's (see the package doc); each field documents its default.
type Config struct {
	// Start is a new player's rating. Default 1500 / 500 / 0.09.
	Start Rating
	// Tau is the system constant. Default 0.75.
	Tau float64
	// PeriodsPerDay is how many rating periods of deviation growth a day
	// without rated races adds. Default 0.21436; negative means none.
	PeriodsPerDay float64
	// MinDeviation and MaxDeviation bound the deviation. Default 45 and
	// 500.
	MinDeviation, MaxDeviation float64
	// MaxVolatility caps the volatility. Default 0.1.
	MaxVolatility float64
	// MinRating and MaxRating bound the rating. Default 400 and 4000.
	MinRating, MaxRating float64
	// MaxDelta caps how far one race moves a rating. Default 700.
	MaxDelta float64
	// TieBreakScore is the score of a game won on the race's tie-break
	// alone (see Placing.Level); the loser scores 1 − TieBreakScore.
	// Default 0.55: nearly a draw.
	TieBreakScore float64
	// ProvisionalRaceGain bounds what an established (not provisional)
	// rating gains in one race from its games against provisional
	// opponents; ProvisionalDayGain bounds it per day (UTC). Defaults
	// DefaultProvisionalRaceGain and DefaultProvisionalDayGain points.
	ProvisionalRaceGain, ProvisionalDayGain float64
}

func (c Config) withDefaults() Config {
	if c.Start == (Rating{}) {
		c.Start = Rating{Rating: 1500, Deviation: 500, Volatility: 0.09}
	}
	def := func(p *float64, v float64) {
		if *p == 0 {
			*p = v
		}
	}
	def(&c.Tau, 0.75)
	def(&c.PeriodsPerDay, 0.21436)
	def(&c.MinDeviation, 45)
	def(&c.MaxDeviation, 500)
	def(&c.MaxVolatility, 0.1)
	def(&c.MinRating, 400)
	def(&c.MaxRating, 4000)
	def(&c.MaxDelta, 700)
	def(&c.TieBreakScore, 0.55)
	def(&c.ProvisionalRaceGain, DefaultProvisionalRaceGain)
	def(&c.ProvisionalDayGain, DefaultProvisionalDayGain)
	return c
}

// New returns a new player's rating.
func (c Config) New() Rating { return c.withDefaults().Start }

// Placing is one rated racer's place in a race: 1 is best; racers who tie
// share a place.
type Placing struct {
	Player string
	Place  int
	// Level is the place the racer would share without the race's
	// tie-break (in a race, the time at which a count of cards was
	// reached): two racers of the same Level whose Places differ were
	// parted by the tie-break alone, and their game is nearly a draw
	// (Config.TieBreakScore). 0 means Place: no tie-break decided it.
	Level int
}

// level returns p's Level, or its Place when it has none.
func (p Placing) level() int {
	if p.Level > 0 {
		return p.Level
	}
	return p.Place
}

// score returns p's score in its game against q: 1 for the better place,
// 0.5 for a shared place, TieBreakScore (or its complement) for places
// parted by the tie-break alone.
func (c Config) score(p, q Placing) float64 {
	switch {
	case p.Place == q.Place:
		return 0.5
	case p.level() == q.level() && p.Place < q.Place:
		return c.TieBreakScore
	case p.level() == q.level():
		return 1 - c.TieBreakScore
	case p.Place < q.Place:
		return 1
	}
	return 0
}

// Race rates one race: before holds the racers' ratings before it (a
// racer missing from it is new), places their places, now the race's end.
// Every pair of racers in places is one game (see the package doc). It
// returns the new rating of every racer in places; before is not
// modified. A race with fewer than two racers changes nothing and returns
// an empty map.
func (c Config) Race(before map[string]Rating, places []Placing, now time.Time) map[string]Rating {
	c = c.withDefaults()
	out := make(map[string]Rating, len(places))
	if len(places) < 2 {
		return out
	}
	// Grow each racer's deviation by the time since their last race.
	pre := make([]Rating, len(places))
	for i, p := range places {
		r, ok := before[p.Player]
		if !ok {
			r = c.Start
		}
		pre[i] = c.age(r, now)
		pre[i].FromProvisional = r.FromProvisional
	}
	games := make([]Game, 0, len(places)-1)
	for i, p := range places {
		games = games[:0]
		for j, q := range places {
			if i == j {
				continue
			}
			games = append(games, Game{Opponent: pre[j], Score: c.score(p, q)})
		}
		r := c.boundProvisional(pre[i], Update(pre[i], games, c.Tau, 0), games, now)
		out[p.Player] = c.clamp(pre[i], r, len(games), now)
	}
	return out
}

// age applies step 6 for the rating periods elapsed since r.Updated.
func (c Config) age(r Rating, now time.Time) Rating {
	if r.Updated.IsZero() || c.PeriodsPerDay <= 0 || !now.After(r.Updated) {
		return r
	}
	days := now.Sub(r.Updated).Hours() / 24
	r = Update(r, nil, c.Tau, days*c.PeriodsPerDay)
	r.Deviation = math.Min(math.Max(r.Deviation, c.MinDeviation), c.MaxDeviation)
	return r
}

// clamp applies lichess's caps to the rating after a race.
func (c Config) clamp(pre, r Rating, games int, now time.Time) Rating {
	d := math.Max(-c.MaxDelta, math.Min(c.MaxDelta, r.Rating-pre.Rating))
	r.Rating = math.Max(c.MinRating, math.Min(c.MaxRating, pre.Rating+d))
	r.Deviation = math.Min(math.Max(r.Deviation, c.MinDeviation), c.MaxDeviation)
	r.Volatility = math.Min(r.Volatility, c.MaxVolatility)
	r.Games = pre.Games + games
	r.Updated = now
	return r
}

// Change is one racer's rating change by one race, as kept in a rating
// history.
type Change struct {
	// Player, Profile and Race identify the change.
	Player, Profile, Race string
	// At is the race's end.
	At time.Time
	// Before and After are the rating before the race (without the
	// deviation's growth since the last race) and after it.
	Before, After Rating
}

// GamesToGo estimates how many more rated games r needs before it stops
// being provisional: the games, each against an opponent of the same
// rating and a settled deviation and ending in a draw, after which its
// deviation falls below ProvisionalDeviation. It is 0 for a rating that is
// not provisional, and at most 100.
func (c Config) GamesToGo(r Rating) int {
	c = c.withDefaults()
	opp := Rating{Rating: r.Rating, Deviation: 60, Volatility: c.Start.Volatility}
	n := 0
	for ; r.Provisional() && n < 100; n++ {
		next := Update(r, []Game{{Opponent: opp, Score: 0.5}}, c.Tau, 0)
		r.Deviation = math.Min(math.Max(next.Deviation, c.MinDeviation), c.MaxDeviation)
		r.Volatility = math.Min(next.Volatility, c.MaxVolatility)
	}
	return n
}
