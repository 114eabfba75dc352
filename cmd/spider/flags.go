package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/solitaire-race/racer/spider"
)

// parseFlags parses args into fs and refuses positional arguments. When ok
// is false the command returns code: 0 after -h, 2 on a usage error.
func parseFlags(fs *flag.FlagSet, args []string) (code int, ok bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false // the flag package has said what is wrong
	}
	if fs.NArg() > 0 {
		return usageError(fs, fmt.Sprintf("%s: unexpected argument %q", fs.Name(), fs.Arg(0))), false
	}
	return 0, true
}

// usageError prints msg and where to find the usage, and returns exit
// status 2.
func usageError(fs *flag.FlagSet, msg string) int {
	fmt.Fprintf(fs.Output(), "spider %s\n(spider %s -h documents the flags)\n", msg, fs.Name())
	return 2
}

// flagSet reports whether the flag name was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			set = true
		}
	})
	return set
}

// profileUsage documents the --rules flag.
var profileUsage = "rule profile: " + strings.Join(spider.ProfileNames(), ", ")

// gameFlags are the flags that choose a game: --rules and one of --seed
// and --deal.
type gameFlags struct {
	rules string
	seed  uint64
	deal  string
}

func (g *gameFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&g.rules, "rules", spider.DefaultProfile, profileUsage)
	fs.Uint64Var(&g.seed, "seed", 0, "deal from this 64-bit seed (give --seed or --deal)")
	fs.StringVar(&g.deal, "deal", "", "explicit deal: 104 cards in deck order, like \"KS TH 9S …\" (give --seed or --deal)")
}

// start returns the game's first position. A problem with the flags is a
// usage error: the message names it and the status is 2.
func (g *gameFlags) start(fs *flag.FlagSet) (spider.State, string) {
	rules, err := spider.Profile(g.rules)
	if err != nil {
		return spider.State{}, fmt.Sprintf("%s: --rules: %v", fs.Name(), err)
	}
	var deal spider.Deal
	switch seed, dealt := flagSet(fs, "seed"), flagSet(fs, "deal"); {
	case seed && dealt:
		return spider.State{}, fs.Name() + ": give --seed or --deal, not both"
	case seed:
		deal = spider.NewDeal(g.seed, rules.Suits)
	case dealt:
		deal, err = spider.ParseDeal(g.deal)
		if err != nil {
			return spider.State{}, fmt.Sprintf("%s: --deal: %v", fs.Name(), err)
		}
	default:
		return spider.State{}, fs.Name() + ": give --seed N or --deal \"DEAL\""
	}
	s, err := spider.New(deal, rules)
	if err != nil {
		return spider.State{}, fmt.Sprintf("%s: --deal: %v", fs.Name(), err)
	}
	return s, ""
}
