package klondikegame

import (
	"context"
	"errors"
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
	"and racers rank by cards on their foundations, then by who reached that count first (server time)."

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

// Variant returns the variant of a klondike.Profile name; its error is
// klondike.Profile's, which wraps klondike.ErrUnknownProfile and
// game.ErrUnknownProfile.
func (Game) Variant(profile string) (game.Variant, error) {
	r, err := klondike.Profile(profile)
	if err != nil {
		return nil, &profileError{err}
	}
	return Variant{name: profile, rules: r}, nil
}

// ParseDeal reads a deal with klondike.ParseDeal; errors wrap
// game.ErrNotation and klondike.ErrNotation.
func (Game) ParseDeal(text string) (string, error) {
	d, err := klondike.ParseDeal(text)
	if err != nil {
		return "", notation(err)
	}
	return d.String(), nil
}

// profileError is an unknown profile: the engine's error, which is also
// game.ErrUnknownProfile.
type profileError struct{ err error }

func (e *profileError) Error() string { return e.err.Error() }
func (e *profileError) Unwrap() error { return e.err }
func (e *profileError) Is(target error) bool {
	return target == game.ErrUnknownProfile
}

// notationError is a text that is not in notation: the engine's error,
// which is also game.ErrNotation.
type notationError struct{ err error }

func notation(err error) error { return &notationError{err} }

func (e *notationError) Error() string { return e.err.Error() }
func (e *notationError) Unwrap() error { return e.err }
func (e *notationError) Is(target error) bool {
	return target == game.ErrNotation
}

// Variant is one Klondike rule profile.
type Variant struct {
	name  string
	rules klondike.Rules
}

var _ game.Variant = Variant{}

// KlondikeRules returns the variant's engine rules.
func (v Variant) KlondikeRules() klondike.Rules { return v.rules }

// Game returns Game{}.
func (Variant) Game() game.Game { return Game{} }

// Profile returns the profile's name.
func (v Variant) Profile() string { return v.name }

// Rules describes the rules for people (klondike.Rules.String).
func (v Variant) Rules() string { return v.rules.String() }

// Deal returns the text of klondike.NewDeal(seed).
func (Variant) Deal(seed uint64) string { return klondike.NewDeal(seed).String() }

// ViewBytes returns 512: seven columns, the waste and the counts.
func (Variant) ViewBytes() int { return 512 }

// Winnable implements game.Variant with the klondike solver.
func (v Variant) Winnable(ctx context.Context, seed uint64, maxNodes int, timeout time.Duration) (bool, error) {
	s, err := klondike.New(klondike.NewDeal(seed), v.rules)
	if err != nil {
		return false, err
	}
	res := solver.Solve(ctx, s, solver.Config{MaxNodes: int64(maxNodes), Timeout: timeout})
	return res.Verdict == solver.Won, ctx.Err()
}

// NewBoard returns a board at the deal of seed.
func (v Variant) NewBoard(seed uint64) game.Board {
	return NewBoard(klondike.MustNew(klondike.NewDeal(seed), v.rules))
}

// NewPool returns a klondike/solver pool for cfg's profiles (nil: every
// named profile).
func (Game) NewPool(cfg game.PoolConfig) (game.Pool, error) {
	rules, err := game.RulesOf(cfg.Profiles, profileRules)
	if err != nil {
		return nil, err
	}
	pc := solver.PoolConfig{Rules: rules, Size: cfg.Size, Workers: cfg.Workers, Worker: cfg.Worker}
	if cfg.OnSolve != nil {
		pc.OnSolve = func(r klondike.Rules, elapsed time.Duration, won bool) { cfg.OnSolve(r.Name, elapsed, won) }
	}
	p, err := solver.NewPool(pc)
	if err != nil {
		return nil, err
	}
	return game.PoolOf(p, profileRules), nil
}

// profileRules returns the rules of a profile name; its error wraps
// game.ErrUnknownProfile.
func profileRules(name string) (klondike.Rules, error) {
	r, err := klondike.Profile(name)
	if err != nil {
		return r, &profileError{err}
	}
	return r, nil
}

// illegal converts an engine's illegal move error.
func illegal(move string, err error) error {
	var ill *klondike.IllegalMoveError
	if errors.As(err, &ill) {
		return &game.IllegalMoveError{Move: ill.Move.String(), Reason: ill.Reason, Err: err}
	}
	return err
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
