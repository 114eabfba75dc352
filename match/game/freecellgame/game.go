package freecellgame

import (
	"context"
	"time"

	"github.com/solitaire-race/racer/freecell"
	"github.com/solitaire-race/racer/freecell/solver"
	"github.com/solitaire-race/racer/match/game"
)

// Name is FreeCell's game name.
const Name = "freecell"

// RankingRule states the ranking of a FreeCell race for players, word for
// word as the client shows it: Klondike's rule, FreeCell having
// foundations too.
const RankingRule = "The first racer to put all 52 cards on the foundations wins. " +
	"Otherwise the race ends when every racer is stuck or has resigned, or at the time limit, " +
	"and racers rank by cards on their foundations; racers level on cards rank by who reached that count first (server time). " +
	"Racers with no card home, or who reached their count at the same moment, tie and share a place."

// Game is FreeCell for the game contract. The zero value is ready to use.
type Game struct{}

var _ game.Game = Game{}

// Name returns "freecell".
func (Game) Name() string { return Name }

// Profiles returns the profiles from the most free cells to the fewest:
// freecell, freecell-3, freecell-2.
func (Game) Profiles() []string { return []string{"freecell", "freecell-3", "freecell-2"} }

// Cards returns 52.
func (Game) Cards() int { return freecell.NumCards }

// DefaultProfile returns freecell.DefaultProfile.
func (Game) DefaultProfile() string { return freecell.DefaultProfile }

// RankingRule returns RankingRule.
func (Game) RankingRule() string { return RankingRule }

// Counters returns nil: FreeCell counts nothing of its own, its
// progress being its cards home.
func (Game) Counters() []game.Counter { return nil }

// FeaturedProfiles returns the profiles a home page offers first: four
// free cells, and the harder three.
func (Game) FeaturedProfiles() []string { return []string{freecell.DefaultProfile, "freecell-3"} }

// Variant returns the variant of a freecell.Profile name; its error is
// freecell.Profile's, which wraps freecell.ErrUnknownProfile and
// game.ErrUnknownProfile.
func (Game) Variant(profile string) (game.Variant, error) {
	r, err := profileRules(profile)
	if err != nil {
		return nil, err
	}
	return Variant{game.NewNamedRules(profile, r)}, nil
}

// ParseDeal reads a deal with freecell.ParseDeal; errors wrap
// game.ErrNotation and freecell.ErrNotation.
func (Game) ParseDeal(text string) (string, error) {
	return game.CanonicalDeal(text, freecell.ParseDeal)
}

// Variant is one FreeCell rule profile.
type Variant struct {
	game.NamedRules[freecell.Rules]
}

var _ game.Variant = Variant{}

// FreeCellRules returns the variant's engine rules.
func (v Variant) FreeCellRules() freecell.Rules { return v.EngineRules() }

// Game returns Game{}.
func (Variant) Game() game.Game { return Game{} }

// Deal returns the text of freecell.NewDeal(seed).
func (Variant) Deal(seed uint64) string { return freecell.NewDeal(seed).String() }

// ViewBytes returns 512: 52 cards face up, the cells and the counts.
func (Variant) ViewBytes() int { return 512 }

// Winnable implements game.Variant with the freecell solver.
func (v Variant) Winnable(ctx context.Context, seed uint64, maxNodes int, timeout time.Duration) (bool, error) {
	return solver.Winnable(ctx, v.EngineRules(), seed, int64(maxNodes), timeout)
}

// NewBoard returns a board at the deal of seed.
func (v Variant) NewBoard(seed uint64) game.Board { return NewBoard(v.start(seed)) }

// start returns the position at the deal of seed.
func (v Variant) start(seed uint64) freecell.State {
	return freecell.MustNew(freecell.NewDeal(seed), v.EngineRules())
}

// NewPool returns a freecell/solver pool for cfg's profiles (nil: every
// profile) whose seeds are race seeds (game.RaceSeed): never one of
// Microsoft's numbered deals.
func (Game) NewPool(cfg game.PoolConfig) (game.Pool, error) {
	return game.NewPoolOf(cfg, profileRules, freecell.Rules.Name,
		func(pc game.RulesPoolConfig[freecell.Rules]) (*solver.Pool, error) {
			return solver.NewPool(solver.PoolConfig{Rules: pc.Rules, Size: pc.Size, Workers: pc.Workers, Worker: pc.Worker, OnSolve: pc.OnSolve, Won: pc.Won,
				Seed: game.RandomRaceSeed, Solve: solver.Config{MaxNodes: game.PoolNodes, Timeout: game.PoolTimeout}})
		})
}

// profileRules returns the rules of a profile name; its error wraps
// game.ErrUnknownProfile.
var profileRules = game.ProfileLookup(freecell.Profile)

// illegal converts an engine's illegal move error.
func illegal(move string, err error) error {
	return game.IllegalAs(err, func(e *freecell.IllegalMoveError) (string, string) { return e.Move.String(), e.Reason })
}

// MoveTexts returns every FreeCell move in notation, 804 of them: runs
// of 1 to 13 cards between cascades, cascade to free cell and back, and
// cascade or free cell to the foundations.
func (Game) MoveTexts() []string {
	var out []string
	add := func(m freecell.Move) { out = append(out, m.String()) }
	for c := range freecell.NumCascades {
		add(freecell.NewMove(freecell.CascadePlace(c), freecell.Foundation, 1))
		for cell := range freecell.MaxCells {
			add(freecell.NewMove(freecell.CascadePlace(c), freecell.CellPlace(cell), 1))
		}
		for to := range freecell.NumCascades {
			if to != c {
				for n := 1; n <= 13; n++ {
					add(freecell.CascadeMove(c, to, n))
				}
			}
		}
	}
	for cell := range freecell.MaxCells {
		add(freecell.NewMove(freecell.CellPlace(cell), freecell.Foundation, 1))
		for c := range freecell.NumCascades {
			add(freecell.NewMove(freecell.CellPlace(cell), freecell.CascadePlace(c), 1))
		}
	}
	return out
}
