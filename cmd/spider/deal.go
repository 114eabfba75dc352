package main

import (
	"fmt"
	"io"

	"github.com/solitaire-race/racer/internal/cli"
	"github.com/solitaire-race/racer/spider"
)

func init() {
	app.Register("deal", "print the deal of a seed (104 cards in deck order) and its layout", runDeal)
}

// runDeal is "spider deal [--rules PROFILE] --seed N": the deal on one
// line, then the layout with every card, face-down ones in parentheses,
// and the stock in dealing order.
func runDeal(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := app.FlagSet("deal", stderr,
		"usage: spider deal [--rules PROFILE] --seed N",
		"Prints the deal of seed N on one line (the 104 cards in deck order), then the layout:",
		"every column bottom card first, face-down cards in parentheses, and the stock.")
	profile := fs.String("rules", spider.DefaultProfile, profileUsage+" (the number of suits picks the cards)")
	seed := fs.Uint64("seed", 0, "the 64-bit seed (0 … 18446744073709551615); required")
	if code, ok := app.Parse(fs, args); !ok {
		return code
	}
	rules, err := spider.Profile(*profile)
	if err != nil {
		return app.UsageError(fs, fmt.Sprintf("deal: --rules: %v", err))
	}
	if !cli.IsSet(fs, "seed") {
		return app.UsageError(fs, "deal: --seed is required")
	}
	d := spider.NewDeal(*seed, rules.Suits)
	s := spider.MustNew(d, rules)
	fmt.Fprintln(stdout, d)
	fmt.Fprint(stdout, s.String())
	return 0
}
