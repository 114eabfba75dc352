package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/solitaire-race/racer/internal/cli"
	"github.com/solitaire-race/racer/klondike"
)

func init() {
	app.Register("deal", "print the deal of a seed: 52 cards in deck order", runDeal)
}

// runDeal is "klondike deal --seed N": one line, the 52-card deal.
func runDeal(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := app.FlagSet("deal", stderr,
		"usage: klondike deal --seed N",
		"Prints the deal of seed N on one line: the 52 cards in deck order.")
	seed := fs.Uint64("seed", 0, "the 64-bit seed (0 … 18446744073709551615); required")
	if code, ok := app.Parse(fs, args); !ok {
		return code
	}
	if !cli.IsSet(fs, "seed") {
		return app.UsageError(fs, "deal: --seed is required")
	}
	fmt.Fprintln(stdout, klondike.NewDeal(*seed))
	return 0
}

// profileUsage documents the --rules flag.
var profileUsage = "rule profile: " + strings.Join(klondike.ProfileNames(), ", ")

// game builds Klondike's first positions from the flags --rules, --seed
// and --deal.
var game = cli.Game[klondike.Rules, klondike.Deal, klondike.State]{
	DefaultProfile: klondike.DefaultProfile,
	RulesUsage:     profileUsage,
	DealUsage:      "explicit deal: 52 cards in deck order, like \"KC TH 9C …\"",
	Profile:        klondike.Profile,
	NewDeal:        func(seed uint64, _ klondike.Rules) klondike.Deal { return klondike.NewDeal(seed) },
	ParseDeal:      klondike.ParseDeal,
	New:            klondike.New,
}
