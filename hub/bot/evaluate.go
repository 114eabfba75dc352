package bot

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/solitaire-race/racer/match/game/games"
)

// DefaultMaxActions bounds an offline game: a bot that has not won or
// stopped after this many actions loses.
const DefaultMaxActions = 5000

// Outcome is how one offline game ended.
type Outcome struct {
	// Won is true when every card is off the table.
	Won bool
	// Stuck is true when the game ended stuck, as a race's stuck
	// detection would end it: no card can reach a foundation (or a
	// completed run) or turn up any more.
	Stuck bool
	// Stopped is true when the bot had no move left to play.
	Stopped bool
	// Actions is the number of moves played.
	Actions int
	// Foundation is the number of cards off the table at the end: on the
	// foundations, or in completed runs.
	Foundation int
	// Think is the time the bot spent choosing its moves.
	Think time.Duration
	// Times holds each action's time in a race at the level's pace: its
	// pause or the bot's thinking, the longer.
	Times []time.Duration
}

// EvalConfig configures Evaluate. Profile is required; the other fields'
// zero values mean the defaults.
type EvalConfig struct {
	// Profile names the rule profile, of any game with a bot.
	Profile string
	// Seeds, when set, are the deals played (First, Deals and Winnable
	// are then unused).
	Seeds []uint64
	// Bot is the bot; its Seed, when 0, is each deal's.
	Bot Config
	// First is the first seed; default 1.
	First uint64
	// Deals is the number of deals played; default 200.
	Deals int
	// Winnable, when set, plays only deals the game's solver proves
	// winnable within WinnableNodes positions: seeds from First on are
	// tried until Deals of them are.
	Winnable bool
	// WinnableNodes bounds each proof; default 200,000 (the budget
	// decides, so the deals are the same on any machine).
	WinnableNodes int
	// Workers is how many deals are played at once; default 1.
	Workers int
	// MaxActions bounds each game; default DefaultMaxActions.
	MaxActions int
}

// Stats sums offline games of one level under one profile.
type Stats struct {
	Profile string `json:"profile"`
	Level   string `json:"level"`
	// Winnable is true when every deal was proven winnable.
	Winnable bool `json:"winnable"`
	// Deals lists each deal's game, in the order played.
	Deals []DealResult `json:"-"`
	// Games were played, Wins won; WinRate is Wins/Games. Stuck ended
	// stuck, Stopped with the bot out of moves.
	Games   int     `json:"games"`
	Wins    int     `json:"wins"`
	WinRate float64 `json:"win_rate"`
	Stuck   int     `json:"stuck"`
	Stopped int     `json:"stopped"`
	// MedianOff and MeanFoundation are the median and the mean of the
	// cards off the table at the end of each game (on the foundations,
	// or in completed runs).
	MedianOff      float64 `json:"median_off"`
	MeanFoundation float64 `json:"mean_off"`
	// MeanActions is the mean number of actions of the games won.
	MeanActions float64 `json:"mean_actions_won"`
	// MedianPace and P90Pace are the median and the 90th percentile of
	// an action's time in a race at the level's pace (Outcome.Times), in
	// seconds; MeanThink is the mean time the bot spent choosing an
	// action, in milliseconds.
	MedianPace float64 `json:"median_pace_s"`
	P90Pace    float64 `json:"p90_pace_s"`
	MeanThink  float64 `json:"mean_think_ms"`
}

// DealResult is one deal's game in Stats.
type DealResult struct {
	Seed                uint64
	Won, Stuck, Stopped bool
	Actions, Off        int
}

// Evaluate plays cfg.Deals deals of cfg.Profile with the bot of cfg.Bot
// and returns its record. It stops early, with an error, when ctx ends or
// the bot makes an illegal move.
func Evaluate(ctx context.Context, cfg EvalConfig) (Stats, error) {
	if _, err := games.Lookup(cfg.Profile); err != nil {
		return Stats{}, err
	}
	var err error
	if cfg.First == 0 {
		cfg.First = 1
	}
	if cfg.Deals <= 0 {
		cfg.Deals = 200
	}
	if cfg.WinnableNodes <= 0 {
		cfg.WinnableNodes = 200_000
	}
	cfg.Workers = max(cfg.Workers, 1)
	st := Stats{Profile: cfg.Profile, Level: cfg.Bot.Level.String(), Winnable: cfg.Winnable}
	seeds := cfg.Seeds
	switch {
	case len(seeds) > 0:
	case cfg.Winnable:
		if seeds, err = WinnableSeeds(ctx, cfg.Profile, cfg.First, cfg.Deals, cfg.WinnableNodes, cfg.Workers); err != nil {
			return st, err
		}
	default:
		for i := range cfg.Deals {
			seeds = append(seeds, cfg.First+uint64(i))
		}
	}
	outs := make([]Outcome, len(seeds))
	errs := make([]error, len(seeds))
	next := make(chan int)
	var wg sync.WaitGroup
	for range cfg.Workers {
		wg.Go(func() {
			for i := range next {
				outs[i], errs[i] = PlayProfile(cfg.Profile, seeds[i], cfg.Bot, cfg.MaxActions)
			}
		})
	}
	for i := range seeds {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return st, err
	}
	for _, err := range errs {
		if err != nil {
			return st, err
		}
	}
	sum(&st, seeds, outs)
	return st, nil
}

// WinnableSeeds returns the first n seeds from first on whose deals the
// profile's solver proves winnable within nodes positions each (the
// budget decides, so the answer is the same on any machine), trying
// workers seeds at once. It gives up, with an error, after 50·n seeds.
func WinnableSeeds(ctx context.Context, profile string, first uint64, n, nodes, workers int) ([]uint64, error) {
	v, err := games.Lookup(profile)
	if err != nil {
		return nil, err
	}
	workers = max(workers, 1)
	var seeds []uint64
	for next := first; len(seeds) < n; next += uint64(workers) {
		if next-first > 50*uint64(n) {
			return seeds, fmt.Errorf("bot: only %d of seeds %d … %d of %s proven winnable within %d positions", len(seeds), first, next-1, profile, nodes)
		}
		won := make([]bool, workers)
		errs := make([]error, workers)
		var wg sync.WaitGroup
		for i := range workers {
			wg.Go(func() { won[i], errs[i] = v.Winnable(ctx, next+uint64(i), nodes, time.Hour) })
		}
		wg.Wait()
		for i := range workers {
			if errs[i] != nil {
				return nil, errs[i]
			}
			if won[i] && len(seeds) < n {
				seeds = append(seeds, next+uint64(i))
			}
		}
	}
	return seeds, nil
}

// sum fills st from the outcomes of its games, outs[i] the game of
// seeds[i].
func sum(st *Stats, seeds []uint64, outs []Outcome) {
	var actions, found int
	var think time.Duration
	var times []time.Duration
	off := make([]int, 0, len(outs))
	for i, o := range outs {
		st.Games++
		found += o.Foundation
		off = append(off, o.Foundation)
		st.Deals = append(st.Deals, DealResult{Seed: seeds[i], Won: o.Won, Stuck: o.Stuck, Stopped: o.Stopped,
			Actions: o.Actions, Off: o.Foundation})
		if o.Won {
			st.Wins++
			actions += o.Actions
		}
		if o.Stuck {
			st.Stuck++
		}
		if o.Stopped {
			st.Stopped++
		}
		think += o.Think
		times = append(times, o.Times...)
	}
	if st.Games == 0 {
		return
	}
	st.WinRate = float64(st.Wins) / float64(st.Games)
	st.MeanFoundation = float64(found) / float64(st.Games)
	slices.Sort(off)
	st.MedianOff = float64(off[(len(off)-1)/2]+off[len(off)/2]) / 2
	if st.Wins > 0 {
		st.MeanActions = float64(actions) / float64(st.Wins)
	}
	if len(times) > 0 {
		slices.Sort(times)
		st.MedianPace = times[len(times)/2].Seconds()
		st.P90Pace = times[len(times)*9/10].Seconds()
		st.MeanThink = float64(think.Microseconds()) / 1000 / float64(len(times))
	}
}
