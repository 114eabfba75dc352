package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/solitaire-race/racer/klondike"
)

func init() {
	register("deal", "print the deal of a seed: 52 cards in deck order", runDeal)
}

// runDeal is "klondike deal --seed N": one line, the 52-card deal.
func runDeal(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("deal", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 0, "the 64-bit seed (0 … 18446744073709551615); required")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: klondike deal --seed N")
		fmt.Fprintln(fs.Output(), "Prints the deal of seed N on one line: the 52 cards in deck order.")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if !flagSet(fs, "seed") {
		return usageError(fs, "deal: --seed is required")
	}
	fmt.Fprintln(stdout, klondike.NewDeal(*seed))
	return 0
}

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
	fmt.Fprintf(fs.Output(), "klondike %s\n(klondike %s -h documents the flags)\n", msg, fs.Name())
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

// gameFlags are the flags that choose a game: --rules and one of --seed
// and --deal.
type gameFlags struct {
	rules string
	seed  uint64
	deal  string
}

func (g *gameFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&g.rules, "rules", klondike.DefaultProfile, "rule profile: "+strings.Join(klondike.ProfileNames(), ", "))
	fs.Uint64Var(&g.seed, "seed", 0, "deal from this 64-bit seed (give --seed or --deal)")
	fs.StringVar(&g.deal, "deal", "", "explicit deal: 52 cards in deck order, like \"KC TH 9C …\" (give --seed or --deal)")
}

// start returns the game's first position. A problem with the flags is a
// usage error: the message names it and the status is 2.
func (g *gameFlags) start(fs *flag.FlagSet) (klondike.State, string) {
	rules, err := klondike.Profile(g.rules)
	if err != nil {
		return klondike.State{}, fmt.Sprintf("%s: --rules: %v", fs.Name(), err)
	}
	var deal klondike.Deal
	switch seed, dealt := flagSet(fs, "seed"), flagSet(fs, "deal"); {
	case seed && dealt:
		return klondike.State{}, fs.Name() + ": give --seed or --deal, not both"
	case seed:
		deal = klondike.NewDeal(g.seed)
	case dealt:
		deal, err = klondike.ParseDeal(g.deal)
		if err != nil {
			return klondike.State{}, fmt.Sprintf("%s: --deal: %v", fs.Name(), err)
		}
	default:
		return klondike.State{}, fs.Name() + ": give --seed N or --deal \"DEAL\""
	}
	s, err := klondike.New(deal, rules)
	if err != nil {
		return klondike.State{}, fmt.Sprintf("%s: %v", fs.Name(), err)
	}
	return s, ""
}
