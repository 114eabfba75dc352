package leaderboard

import (
	"context"
	"errors"
	"math"
	"strings"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/rating"
	"github.com/solitaire-race/racer/match/scoreboard"
)

// RecorderConfig configures a Recorder.
type RecorderConfig struct {
	// Store keeps the ratings and boards. Required.
	Store Store
	// Rating holds the rating system's constants. The zero value means
	// lichess's (see package rating).
	Rating rating.Config
	// IsBot reports whether a player ID is a bot's. Bots are never rated
	// and never win on the boards; the humans of a race are rated
	// against each other only. Default: IsBotID.
	IsBot func(player string) bool
}

// IsBotID is the default bot test: IDs that start with "bot:".
func IsBotID(player string) bool { return strings.HasPrefix(player, "bot:") }

// Recorder turns finished races into rating and leaderboard updates. It
// is safe for concurrent use.
type Recorder struct {
	cfg RecorderConfig
}

// NewRecorder returns a Recorder for cfg.
func NewRecorder(cfg RecorderConfig) (*Recorder, error) {
	if cfg.Store == nil {
		return nil, errors.New("leaderboard: RecorderConfig.Store is nil")
	}
	if cfg.IsBot == nil {
		cfg.IsBot = IsBotID
	}
	return &Recorder{cfg: cfg}, nil
}

// Record writes the outcome of a finished race exactly once (see
// Store.Apply): call it from every node that sees the race finish, with
// the Result that Store.Finish returned (its FinishedAt set). When rated
// is true and the race had at least two human racers, every pair of
// humans is one rated game (rating.Config.Race: a shared place is a draw,
// places level on cards and parted by time alone nearly one) and each
// human whose status is won gets one win on the day, week and all-time
// boards. Names are stored in any case. It returns whether this call applied the race.
func (r *Recorder) Record(ctx context.Context, race match.Race, res match.Result, rated bool) (bool, error) {
	_, applied, err := r.RecordChanges(ctx, race, res, rated)
	return applied, err
}

// RecordChanges is Record that also returns the rating changes this call
// stored: one per rated racer when it applied a rated race, else none.
func (r *Recorder) RecordChanges(ctx context.Context, race match.Race, res match.Result, rated bool) ([]rating.Change, bool, error) {
	u := Update{Profile: race.Profile, Race: race.ID, At: res.FinishedAt, Names: map[string]string{}}
	if res.Race != "" && res.Race != race.ID {
		return nil, false, errors.New("leaderboard: result of race " + res.Race + " recorded for race " + race.ID)
	}
	if res.FinishedAt.IsZero() {
		return nil, false, errors.New("leaderboard: result of race " + race.ID + " without FinishedAt; record the result Store.Finish returned")
	}
	var places []rating.Placing
	for _, s := range res.Standings {
		if r.cfg.IsBot(s.Player) {
			continue
		}
		u.Names[s.Player] = s.Name
		places = append(places, rating.Placing{Player: s.Player, Place: s.Place, Level: level(res.Standings, s)})
		if s.Status == match.StatusWon {
			u.Wins = append(u.Wins, s.Player)
		}
	}
	if !rated || len(places) < 2 {
		places, u.Wins = nil, nil
	}
	for _, p := range places {
		u.Rated = append(u.Rated, p.Player)
	}
	cfg, at := r.cfg.Rating, res.FinishedAt
	// rate may run more than once; the changes of its last call are the
	// ones stored.
	var changes []rating.Change
	applied, err := r.cfg.Store.Apply(ctx, u, func(cur map[string]rating.Rating) map[string]rating.Rating {
		next := cfg.Race(cur, places, at)
		changes = changes[:0]
		for _, p := range places {
			before, ok := cur[p.Player]
			if !ok {
				before = cfg.New()
			}
			changes = append(changes, rating.Change{Player: p.Player, Profile: u.Profile, Race: u.Race, At: at, Before: before, After: next[p.Player]})
		}
		return next
	})
	if err != nil || !applied {
		return nil, applied, err
	}
	return changes, true, nil
}

// level is s's place without the ranking's tie-break (the time at which a
// count was reached): the best place of the racers level with s, neither
// or both having won, on cards off the table (rating.Placing.Level).
func level(standings []match.Standing, s match.Standing) int {
	best := s.Place
	won := s.Status == match.StatusWon
	for _, o := range standings {
		if o.Foundation == s.Foundation && (o.Status == match.StatusWon) == won && o.Place < best {
			best = o.Place
		}
	}
	return best
}

// RecordRatings is RecordChanges with the changes as racers and
// spectators see them (Ratings): what the race did to the ratings when
// this call applied it, the zero Ratings when it did not.
func (r *Recorder) RecordRatings(ctx context.Context, race match.Race, res match.Result, rated bool) (scoreboard.Ratings, bool, error) {
	changes, applied, err := r.RecordChanges(ctx, race, res, rated)
	if err != nil || !applied {
		return scoreboard.Ratings{}, applied, err
	}
	return r.Ratings(race, changes), true, nil
}

// Ratings turns the changes RecordChanges returned for race into what
// racers and spectators see: Rated false when there are none.
func (r *Recorder) Ratings(race match.Race, changes []rating.Change) scoreboard.Ratings {
	out := scoreboard.Ratings{Race: race.ID, Profile: race.Profile, Rated: len(changes) > 0}
	for _, ch := range changes {
		c := scoreboard.RatingChange{
			Player:    ch.Player,
			Before:    tenth(ch.Before.Rating),
			After:     tenth(ch.After.Rating),
			Deviation: tenth(ch.After.Deviation),
			Games:     ch.After.Games,
		}
		if ch.After.Provisional() {
			c.Provisional, c.GamesToGo = true, r.cfg.Rating.GamesToGo(ch.After)
		}
		out.Changes = append(out.Changes, c)
	}
	return out
}

// tenth rounds x to a tenth.
func tenth(x float64) float64 { return math.Round(x*10) / 10 }
