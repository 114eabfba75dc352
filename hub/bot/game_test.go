package bot_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/solitaire-race/racer/hub/bot"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/games"
)

// allLevels are every level, those for people and those for tests.
var allLevels = []bot.Level{bot.Relaxed, bot.Steady, bot.Strong, bot.Greedy, bot.Random}

// TestEveryGameHasABot checks that every registered profile's variant
// has a bot (game.Botter) that knows every level by its name here, and
// refuses a name it does not know with game.ErrBotLevel.
func TestEveryGameHasABot(t *testing.T) {
	for _, name := range games.Profiles() {
		v, err := games.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		b, ok := v.(game.Botter)
		if !ok {
			t.Errorf("%s: the variant has no bot (game.Botter); its races would seat a bot that never moves", name)
			continue
		}
		for _, l := range allLevels {
			if _, err := b.NewBot(l.String(), 1); err != nil {
				t.Errorf("%s: NewBot(%q) = %v, want a bot", name, l, err)
			}
		}
		if _, err := b.NewBot("grandmaster", 1); !errors.Is(err, game.ErrBotLevel) {
			t.Errorf("%s: NewBot(%q) = %v, want game.ErrBotLevel", name, "grandmaster", err)
		}
	}
}

// TestNeverIllegal plays whole games of every registered profile at
// every level through the contract, as races play them: PlayProfile
// fails on the first move the board refuses. Each game ends won, stuck
// (by a race's stuck detection), with the bot out of moves, or at the
// bound of actions. With -short it plays one deal of each game's default
// profile (each game's bot package plays its profiles) for 30 actions,
// 5 at the levels for people, which in klondike imagine deals for tens
// of ms an action; else three deals of every profile for 300. The games
// run in parallel.
func TestNeverIllegal(t *testing.T) {
	t.Parallel()
	deals, profiles := uint64(3), games.Profiles()
	if bot.Small() {
		deals, profiles = 1, nil
		for _, g := range games.All.Games() {
			profiles = append(profiles, g.DefaultProfile())
		}
	}
	for _, name := range profiles {
		for _, l := range allLevels {
			t.Run(name+"/"+l.String(), func(t *testing.T) {
				t.Parallel()
				maxActions := 300
				if bot.Small() {
					maxActions = 30
					if slices.Contains(bot.PlayerLevels(), l) {
						maxActions = 5
					}
				}
				for seed := uint64(1); seed <= deals; seed++ {
					o, err := bot.PlayProfile(name, seed, bot.Config{Level: l}, maxActions)
					if err != nil {
						t.Fatal(err)
					}
					if !o.Won && !o.Stuck && !o.Stopped && o.Actions < maxActions {
						t.Fatalf("seed %d: game over after %d actions, neither won, stuck nor stopped", seed, o.Actions)
					}
					if o.Actions == 0 {
						t.Fatalf("seed %d: no action played", seed)
					}
				}
			})
		}
	}
}

// BenchmarkEvaluate plays deals of each game's default profile with the
// default bot and reports its win rate; run with -benchtime=200x for the
// figure over 200 deals (seeds 1 … 200).
func BenchmarkEvaluate(b *testing.B) {
	for _, g := range games.All.Games() {
		b.Run(g.DefaultProfile(), func(b *testing.B) {
			wins, seed := 0, uint64(0)
			for b.Loop() {
				seed++
				o, err := bot.PlayProfile(g.DefaultProfile(), seed, bot.Config{}, 0)
				if err != nil {
					b.Fatal(err)
				}
				if o.Won {
					wins++
				}
			}
			b.ReportMetric(float64(wins)/float64(b.N), "wins/op")
		})
	}
}
