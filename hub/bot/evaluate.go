package bot

import (
	"context"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/game/klondikegame"
)

// DefaultMaxActions bounds an offline game: a bot that has not won or
// given up after this many actions loses.
const DefaultMaxActions = 5000

// Outcome is how one offline game ended.
type Outcome struct {
	// Won is true when all 52 cards reached the foundations.
	Won bool
	// Resigned is true when the bot gave up before the action limit.
	Resigned bool
	// Actions is the number of moves played.
	Actions int
	// Foundation is the number of cards on the foundations at the end.
	Foundation int
}

// ConfigFor returns cfg with the settings the rules decide (draw size,
// foundation to column) filled in.
func ConfigFor(cfg Config, r klondike.Rules) Config {
	cfg.Draw = r.Draw
	cfg.FoundationToColumn = r.FoundationToColumn
	return cfg
}

// PlayDeal plays the deal of seed under r with a bot of cfg, giving the bot
// only each position's View and applying its move on a board of the game
// contract, for at most maxActions moves (DefaultMaxActions when 0). An
// illegal move is an error: the bot must never make one.
func PlayDeal(seed uint64, r klondike.Rules, cfg Config, maxActions int) (Outcome, error) {
	s, err := klondike.New(klondike.NewDeal(seed), r)
	if err != nil {
		return Outcome{}, err
	}
	cfg = ConfigFor(cfg, r)
	if cfg.Seed == 0 {
		cfg.Seed = seed
	}
	return play(klondikegame.NewBoard(s), klondikeBot{New(cfg)}, seed, maxActions)
}

// Stats sums offline games of one level under one profile.
type Stats struct {
	Profile string `json:"profile"`
	Level   string `json:"level"`
	// Games were played, Wins won; WinRate is Wins/Games.
	Games   int     `json:"games"`
	Wins    int     `json:"wins"`
	WinRate float64 `json:"win_rate"`
	// MeanActions is the mean number of actions of the games won.
	MeanActions float64 `json:"mean_actions_won"`
	// MeanFoundation is the mean number of cards on the foundations at
	// the end of every game.
	MeanFoundation float64 `json:"mean_foundation"`
}

// Evaluate plays seeds first … first+n−1 under the named profile, of any
// game, and returns the bot's record (Stats.MeanFoundation counts the
// cards off the table). It stops early, with an error, when ctx ends or
// the bot makes an illegal move.
func Evaluate(ctx context.Context, profile string, cfg Config, first uint64, n int) (Stats, error) {
	if _, err := games.Lookup(profile); err != nil {
		return Stats{}, err
	}
	return evaluate(ctx, Stats{Profile: profile, Level: cfg.Level.String()}, first, n,
		func(seed uint64) (Outcome, error) { return PlayProfile(profile, seed, cfg, 0) })
}

// evaluate plays seeds first … first+n−1 with play and sums them into st,
// for either game. It stops early, with an error, when ctx ends or play
// fails.
func evaluate(ctx context.Context, st Stats, first uint64, n int, play func(seed uint64) (Outcome, error)) (Stats, error) {
	var actions, found int
	for i := range n {
		if err := ctx.Err(); err != nil {
			return st, err
		}
		o, err := play(first + uint64(i))
		if err != nil {
			return st, err
		}
		st.Games++
		found += o.Foundation
		if o.Won {
			st.Wins++
			actions += o.Actions
		}
	}
	if st.Games > 0 {
		st.WinRate = float64(st.Wins) / float64(st.Games)
		st.MeanFoundation = float64(found) / float64(st.Games)
	}
	if st.Wins > 0 {
		st.MeanActions = float64(actions) / float64(st.Wins)
	}
	return st, nil
}
