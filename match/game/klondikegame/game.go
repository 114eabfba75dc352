package klondikegame

import (
	"context"
	"time"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/klondike/solver"
	"github.com/solitaire-race/racer/match/game"
)

// Name is Klondike's game name.
const Name = "klondike"

// RankingRule states the ranking of a Klondike race for players, word for
// word as the client shows it.
const RankingRule = "The first racer to put all 52 cards on the foundations wins. " +
	"Otherwise the race ends when every racer is stuck or has resigned, or at the time limit, " +
	"and racers rank by cards on their foundations; racers level on cards rank by who reached that count first (server time). " +
	"Racers with no card home, or who reached their count at the same moment, tie and share a place."

// faceDown is the number of face-down cards at a deal.
const faceDown = 21

// Game is Klondike for the game contract. The zero value is ready to use.
type Game struct{}

var _ game.Game = Game{}

// Name returns "klondike".
func (Game) Name() string { return Name }

// Profiles returns klondike.ProfileNames().
func (Game) Profiles() []string { return klondike.ProfileNames() }

// Cards returns 52.
func (Game) Cards() int { return klondike.NumCards }

// DefaultProfile returns klondike.DefaultProfile.
func (Game) DefaultProfile() string { return klondike.DefaultProfile }

// RankingRule returns RankingRule.
func (Game) RankingRule() string { return RankingRule }

// Counters returns Klondike's own count: "passes", the passes through
// the stock begun (1 at the deal), in every progress frame.
func (Game) Counters() []game.Counter { return []game.Counter{{Name: "passes"}} }

// FeaturedProfiles returns the profiles a home page offers first: draw
// 3 (the default) and draw 1 with a single pass.
func (Game) FeaturedProfiles() []string { return []string{klondike.DefaultProfile, "classic"} }

// Variant returns the variant of a klondike.Profile name; its error is
// klondike.Profile's, which wraps klondike.ErrUnknownProfile and
// game.ErrUnknownProfile.
func (Game) Variant(profile string) (game.Variant, error) {
	r, err := profileRules(profile)
	if err != nil {
		return nil, err
	}
	return Variant{game.NewNamedRules(profile, r)}, nil
}

// ParseDeal reads a deal with klondike.ParseDeal; errors wrap
// game.ErrNotation and klondike.ErrNotation.
func (Game) ParseDeal(text string) (string, error) {
	return game.CanonicalDeal(text, klondike.ParseDeal)
}

// Variant is one Klondike rule profile.
type Variant struct {
	game.NamedRules[klondike.Rules]
}

var _ game.Variant = Variant{}

var _ game.Hider = Variant{}

// KlondikeRules returns the variant's engine rules.
func (v Variant) KlondikeRules() klondike.Rules { return v.EngineRules() }

// Game returns Game{}.
func (Variant) Game() game.Game { return Game{} }

// Deal returns the text of klondike.NewDeal(seed).
func (Variant) Deal(seed uint64) string { return klondike.NewDeal(seed).String() }

// HidesCards implements game.Hider: the face-down cards and the
// stock's order are hidden.
func (Variant) HidesCards() bool { return true }

// ViewBytes returns 512: seven columns, the waste and the counts.
func (Variant) ViewBytes() int { return 512 }

// Winnable implements game.Variant with the klondike solver.
func (v Variant) Winnable(ctx context.Context, seed uint64, maxNodes int, timeout time.Duration) (bool, error) {
	res := solver.Solve(ctx, v.start(seed), solverConfig(game.SearchBudget{Nodes: int64(maxNodes), Timeout: timeout}))
	return res.Verdict == solver.Won, ctx.Err()
}

// NewBoard returns a board at the deal of seed.
func (v Variant) NewBoard(seed uint64) game.Board {
	return NewBoard(v.start(seed))
}

// start returns the position at the deal of seed.
func (v Variant) start(seed uint64) klondike.State {
	return klondike.MustNew(klondike.NewDeal(seed), v.EngineRules())
}

// NewPool returns a klondike/solver pool for cfg's profiles (nil: every
// named profile).
func (Game) NewPool(cfg game.PoolConfig) (game.Pool, error) {
	return game.NewPoolOf(cfg, profileRules, func(r klondike.Rules) string { return r.Name },
		func(pc game.RulesPoolConfig[klondike.Rules]) (*solver.Pool, error) {
			return solver.NewPool(solver.PoolConfig{Rules: pc.Rules, Size: pc.Size, Workers: pc.Workers, Worker: pc.Worker, OnSolve: pc.OnSolve, Won: pc.Won,
				Solve: solver.Config{MaxNodes: game.PoolNodes, Timeout: game.PoolTimeout}})
		})
}

// profileRules returns the rules of a profile name; its error wraps
// game.ErrUnknownProfile.
var profileRules = game.ProfileLookup(klondike.Profile)

// illegal converts an engine's illegal move error.
func illegal(move string, err error) error {
	return game.IllegalAs(err, func(e *klondike.IllegalMoveError) (string, string) { return e.Move.String(), e.Reason })
}

// MoveTexts returns every Klondike move in notation.
func (Game) MoveTexts() []string {
	var out []string
	add := func(mv klondike.Move) { out = append(out, mv.String()) }
	add(klondike.DrawMove())
	add(klondike.RecycleMove())
	add(klondike.WasteToFoundationMove())
	for c := range klondike.NumColumns {
		add(klondike.WasteToColumnMove(c))
		add(klondike.ColumnToFoundationMove(c))
		for s := range klondike.NumSuits {
			add(klondike.FoundationToColumnMove(klondike.Suit(s), c))
		}
		for to := range klondike.NumColumns {
			if to != c {
				for n := 1; n <= 13; n++ {
					add(klondike.ColumnToColumnMove(c, to, n))
				}
			}
		}
	}
	return out
}
