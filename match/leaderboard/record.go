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
// humans is one rated game (rating.Config.Race) and each human whose
// status is won gets one win on the day, week and all-time boards. Names
// are stored in any case. It returns whether this call applied the race.
func (r *Recorder) Record(ctx context.Context, race match.Race, res match.Result, rated bool) (bool, error) {
	_, applied, err := r.RecordRatings(ctx, race, res, rated)
	return applied, err
}

// RecordRatings is Record that also returns what the race did to the
// ratings when this call applied it (the zero Ratings when it did not):
// the call that applies a race is the only one that knows the ratings
// from before it.
func (r *Recorder) RecordRatings(ctx context.Context, race match.Race, res match.Result, rated bool) (scoreboard.Ratings, bool, error) {
	out := scoreboard.Ratings{Race: race.ID, Profile: race.Profile}
	u := Update{Profile: race.Profile, Race: race.ID, At: res.FinishedAt, Names: map[string]string{}}
	if res.Race != "" && res.Race != race.ID {
		return scoreboard.Ratings{}, false, errors.New("leaderboard: result of race " + res.Race + " recorded for race " + race.ID)
	}
	if res.FinishedAt.IsZero() {
		return scoreboard.Ratings{}, false, errors.New("leaderboard: result of race " + race.ID + " without FinishedAt; record the result Store.Finish returned")
	}
	var places []rating.Placing
	for _, s := range res.Standings {
		if r.cfg.IsBot(s.Player) {
			continue
		}
		u.Names[s.Player] = s.Name
		places = append(places, rating.Placing{Player: s.Player, Place: s.Place})
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
	// Apply may call rate more than once; the last call's ratings are
	// the ones it wrote.
	var before, after map[string]rating.Rating
	applied, err := r.cfg.Store.Apply(ctx, u, func(cur map[string]rating.Rating) map[string]rating.Rating {
		before, after = cur, cfg.Race(cur, places, at)
		return after
	})
	if err != nil || !applied {
		return scoreboard.Ratings{}, applied, err
	}
	out.Rated = len(places) > 0
	for _, p := range places {
		a, ok := after[p.Player]
		if !ok {
			continue
		}
		b, ok := before[p.Player]
		if !ok {
			b = cfg.New()
		}
		c := scoreboard.RatingChange{
			Player:    p.Player,
			Before:    tenth(b.Rating),
			After:     tenth(a.Rating),
			Deviation: tenth(a.Deviation),
			Games:     a.Games,
		}
		if a.Provisional() {
			c.Provisional, c.GamesToGo = true, cfg.GamesToGo(a)
		}
		out.Changes = append(out.Changes, c)
	}
	return out, true, nil
}

// tenth rounds x to a tenth.
func tenth(x float64) float64 { return math.Round(x*10) / 10 }
