package bot

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/games"
)

// Config configures a bot of any game. The zero value is a Steady bot
// whose random choices are seeded with 0.
type Config struct {
	// Level is the bot's strength; the default is Steady. Its game's
	// bot reads it by name (game.Botter).
	Level Level
	// Seed seeds the bot's random choices; default 0 (offline games
	// take the deal's seed).
	Seed uint64
}

// newGamePlayer returns the bot of v's game at cfg's level, through the
// game contract: v's game must have one (game.Botter).
func newGamePlayer(v game.Variant, cfg Config) (game.Bot, error) {
	b, ok := v.(game.Botter)
	if !ok {
		return nil, fmt.Errorf("bot: no bot plays %s", v.Game().Name())
	}
	p, err := b.NewBot(cfg.Level.String(), cfg.Seed)
	if err != nil {
		return nil, fmt.Errorf("bot: %s: %w", v.Profile(), err)
	}
	return p, nil
}

// stuckBudget is the stuck detection's budget of a race (the match
// package's default): offline games end where a race would end them.
const stuckBudget = 20_000

// playOut plays b with p, which sees only each position's view, until
// the game is won or stuck (by the stuck detection of a race), p has no
// move left or maxActions actions are played. Each action's time is what
// Race would spend on it under pace: its pause (drawn from rng) or the
// bot's thinking, the longer. An illegal move is an error.
func playOut(b game.Board, p game.Bot, maxActions int, pace Pace, rng *rand.Rand) (Outcome, error) {
	var out Outcome
	for b.Counts().Actions < maxActions && !b.Won() {
		start := time.Now()
		ch, ok := p.NextBoard(b)
		think := time.Since(start)
		if !ok {
			out.Stopped = true
			break
		}
		out.Think += think
		out.Times = append(out.Times, max(think, pace.pause(ch.Stock, rng.Float64())))
		st, err := b.Try(ch.Move, stuckBudget)
		if err == nil {
			err = b.Commit(ch.Move)
		}
		if err != nil {
			return out, fmt.Errorf("action %d: %w", b.Counts().Actions+1, err)
		}
		if st == game.Stuck {
			out.Stuck = true
			break
		}
	}
	out.Won = b.Won()
	out.Actions = b.Counts().Actions
	out.Foundation = b.Off()
	return out, nil
}

// PlayProfile plays the deal of seed under the named profile, of any
// game with a bot (game.Botter), with a bot of cfg, for at
// most maxActions moves (DefaultMaxActions when 0). Outcome.Foundation
// is the cards off the table. An illegal move is an error: the bot must
// never make one.
func PlayProfile(profile string, seed uint64, cfg Config, maxActions int) (Outcome, error) {
	v, err := games.Lookup(profile)
	if err != nil {
		return Outcome{}, err
	}
	if cfg.Seed == 0 {
		cfg.Seed = seed
	}
	p, err := newGamePlayer(v, cfg)
	if err != nil {
		return Outcome{}, err
	}
	return play(v.NewBoard(seed), p, seed, maxActions, cfg.Level.Pace())
}

// play is playOut with the default bound, the level's pace drawn from
// seed, and the seed in its error.
func play(b game.Board, p game.Bot, seed uint64, maxActions int, pace Pace) (Outcome, error) {
	if maxActions <= 0 {
		maxActions = DefaultMaxActions
	}
	out, err := playOut(b, p, maxActions, pace, rand.New(rand.NewPCG(seed, 0x6a09e667f3bcc908)))
	if err != nil {
		return out, fmt.Errorf("bot: seed %d, %w", seed, err)
	}
	return out, nil
}
