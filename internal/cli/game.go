package cli

import (
	"flag"
	"fmt"
)

// Game tells the subcommands how one engine builds a first position from
// the flags --rules, --seed and --deal: R is its rules, D its deal and S
// its state. It is a position source for the engine commands, not a game:
// what the server races and verifies is a match/game.Game.
type Game[R, D, S any] struct {
	// DefaultProfile is the default of --rules; RulesUsage documents it.
	DefaultProfile, RulesUsage string
	// DealUsage documents --deal; "(give --seed or --deal)" is added.
	DealUsage string
	// Profile returns the rules of a profile name.
	Profile func(name string) (R, error)
	// NewDeal returns the deal of a seed under rules.
	NewDeal func(seed uint64, rules R) D
	// ParseDeal reads a deal written in deck order.
	ParseDeal func(text string) (D, error)
	// New returns the first position; its error is printed after the
	// subcommand's name.
	New func(deal D, rules R) (S, error)
}

// GameFlags are the flags that choose a game: --rules and one of --seed
// and --deal.
type GameFlags struct {
	Rules string
	Seed  uint64
	Deal  string
}

// Flags defines --rules, --seed and --deal on fs.
func (game Game[R, D, S]) Flags(fs *flag.FlagSet) *GameFlags {
	g := new(GameFlags)
	fs.StringVar(&g.Rules, "rules", game.DefaultProfile, game.RulesUsage)
	fs.Uint64Var(&g.Seed, "seed", 0, "deal from this 64-bit seed (give --seed or --deal)")
	fs.StringVar(&g.Deal, "deal", "", game.DealUsage+" (give --seed or --deal)")
	return g
}

// Start returns the first position the flags g of fs choose. A problem
// with the flags is a usage error: the message names it and the status
// is 2.
func (game Game[R, D, S]) Start(fs *flag.FlagSet, g *GameFlags) (S, string) {
	var zero S
	rules, err := game.Profile(g.Rules)
	if err != nil {
		return zero, fmt.Sprintf("%s: --rules: %v", fs.Name(), err)
	}
	var deal D
	switch seed, dealt := IsSet(fs, "seed"), IsSet(fs, "deal"); {
	case seed && dealt:
		return zero, fs.Name() + ": give --seed or --deal, not both"
	case seed:
		deal = game.NewDeal(g.Seed, rules)
	case dealt:
		deal, err = game.ParseDeal(g.Deal)
		if err != nil {
			return zero, fmt.Sprintf("%s: --deal: %v", fs.Name(), err)
		}
	default:
		return zero, fs.Name() + ": give --seed N or --deal \"DEAL\""
	}
	s, err := game.New(deal, rules)
	if err != nil {
		return zero, fmt.Sprintf("%s: %v", fs.Name(), err)
	}
	return s, ""
}

// Parse parses args into fs with a.Parse and returns the first position
// the game flags g choose. When ok is false the subcommand returns code:
// 0 after -h, 2 on a usage error (already printed).
func (game Game[R, D, S]) Parse(a *App, fs *flag.FlagSet, g *GameFlags, args []string) (s S, code int, ok bool) {
	if code, ok := a.Parse(fs, args); !ok {
		return s, code, false
	}
	s, problem := game.Start(fs, g)
	if problem != "" {
		return s, a.UsageError(fs, problem), false
	}
	return s, 0, true
}
