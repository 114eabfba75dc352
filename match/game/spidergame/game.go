package spidergame

import (
	"context"
	"time"

	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/spider"
	"github.com/solitaire-race/racer/spider/solver"
)

// Name is Spider's game name.
const Name = "spider"

// RankingRule states the ranking of a Spider race: Klondike's rule with
// completed runs (13 cards each off the table) for foundation cards.
const RankingRule = "The first racer to complete 8 runs (K down to A of one suit) wins. " +
	"Otherwise the race ends when every racer is stuck or has resigned, or at the time limit, " +
	"and racers rank by completed runs; racers level on runs rank by who completed that many first (server time). " +
	"Racers with no run completed, or who completed theirs at the same moment, tie and share a place."

// faceDown is the number of face-down cards at a deal.
const faceDown = 44

// runCards is the number of cards in a completed run.
const runCards = 13

// Game is Spider for the game contract. The zero value is ready to use.
type Game struct{}

var _ game.Game = Game{}

// Name returns "spider".
func (Game) Name() string { return Name }

// Profiles returns spider.ProfileNames().
func (Game) Profiles() []string { return spider.ProfileNames() }

// Cards returns 104.
func (Game) Cards() int { return spider.NumCards }

// DefaultProfile returns spider.DefaultProfile.
func (Game) DefaultProfile() string { return spider.DefaultProfile }

// RankingRule returns RankingRule.
func (Game) RankingRule() string { return RankingRule }

// Counters returns Spider's own count: "completed", the runs completed,
// left out of frames while 0 and kept in results.
func (Game) Counters() []game.Counter {
	return []game.Counter{{Name: "completed", OmitZero: true, Final: true}}
}

// FeaturedProfiles returns the profiles a home page offers first: one,
// two and four suits, any descending run moving.
func (Game) FeaturedProfiles() []string { return []string{"spider-1", "spider-2", "spider-4"} }

// Variant returns the variant of a spider.Profile name; its error is
// spider.Profile's, which wraps spider.ErrUnknownProfile and
// game.ErrUnknownProfile.
func (Game) Variant(profile string) (game.Variant, error) {
	r, err := profileRules(profile)
	if err != nil {
		return nil, err
	}
	return Variant{game.NewNamedRules(profile, r)}, nil
}

// ParseDeal reads a deal with spider.ParseDeal; errors wrap
// game.ErrNotation and spider.ErrNotation.
func (Game) ParseDeal(text string) (string, error) { return game.CanonicalDeal(text, spider.ParseDeal) }

// Variant is one Spider rule profile.
type Variant struct{ game.NamedRules[spider.Rules] }

var _ game.Variant = Variant{}

var _ game.Hider = Variant{}

// SpiderRules returns the variant's engine rules.
func (v Variant) SpiderRules() spider.Rules { return v.EngineRules() }

// Game returns Game{}.
func (Variant) Game() game.Game { return Game{} }

// Deal returns the text of spider.NewDeal(seed) in the profile's suits.
func (v Variant) Deal(seed uint64) string {
	return spider.NewDeal(seed, v.EngineRules().Suits).String()
}

// HidesCards implements game.Hider: the face-down cards and the
// stock are hidden.
func (Variant) HidesCards() bool { return true }

// ViewBytes returns 1536: ten columns holding up to 104 cards.
func (Variant) ViewBytes() int { return 1536 }

// Winnable implements game.Variant with the spider solver.
func (v Variant) Winnable(ctx context.Context, seed uint64, maxNodes int, timeout time.Duration) (bool, error) {
	res := solver.Solve(ctx, v.start(seed), solverConfig(game.SearchBudget{Nodes: int64(maxNodes), Timeout: timeout}))
	return res.Verdict == solver.Won, ctx.Err()
}

// NewBoard returns a board at the deal of seed.
func (v Variant) NewBoard(seed uint64) game.Board {
	return NewBoard(v.start(seed))
}

// start returns the position at the deal of seed.
func (v Variant) start(seed uint64) spider.State {
	return spider.MustNew(spider.NewDeal(seed, v.EngineRules().Suits), v.EngineRules())
}

// NewPool returns a spider/solver pool for cfg's profiles (nil: the race
// profiles).
func (Game) NewPool(cfg game.PoolConfig) (game.Pool, error) {
	return game.NewPoolOf(cfg, profileRules, spider.Rules.Name,
		func(pc game.RulesPoolConfig[spider.Rules]) (*solver.Pool, error) {
			return solver.NewPool(solver.PoolConfig{Rules: pc.Rules, Size: pc.Size, Workers: pc.Workers, Worker: pc.Worker, OnSolve: pc.OnSolve, Won: pc.Won,
				Solve: solver.Config{MaxNodes: game.PoolNodes, Timeout: game.PoolTimeout}})
		})
}

// profileRules returns the rules of a profile name; its error wraps
// game.ErrUnknownProfile.
var profileRules = game.ProfileLookup(spider.Profile)

// illegal converts an engine's illegal move error.
func illegal(move string, err error) error {
	return game.IllegalAs(err, func(e *spider.IllegalMoveError) (string, string) { return e.Move.String(), e.Reason })
}

// MoveTexts returns every Spider move in notation: the deal and every
// column move of 1 to 13 cards.
func (Game) MoveTexts() []string {
	out := []string{spider.DealMove().String()}
	for c := range spider.NumColumns {
		for to := range spider.NumColumns {
			if to != c {
				for n := 1; n <= 13; n++ {
					out = append(out, spider.ColumnMove(c, to, n).String())
				}
			}
		}
	}
	return out
}
