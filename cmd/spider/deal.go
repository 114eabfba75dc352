package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/solitaire-race/racer/spider"
)

func init() {
	register("deal", "print the deal of a seed (104 cards in deck order) and its layout", runDeal)
}

// runDeal is "spider deal [--rules PROFILE] --seed N": the deal on one
// line, then the layout with every card, face-down ones in parentheses,
// and the stock in dealing order.
func runDeal(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("deal", flag.ContinueOnError)
	fs.SetOutput(stderr)
	profile := fs.String("rules", spider.DefaultProfile, profileUsage+" (the number of suits picks the cards)")
	seed := fs.Uint64("seed", 0, "the 64-bit seed (0 … 18446744073709551615); required")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: spider deal [--rules PROFILE] --seed N")
		fmt.Fprintln(fs.Output(), "Prints the deal of seed N on one line (the 104 cards in deck order), then the layout:")
		fmt.Fprintln(fs.Output(), "every column bottom card first, face-down cards in parentheses, and the stock.")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	rules, err := spider.Profile(*profile)
	if err != nil {
		return usageError(fs, fmt.Sprintf("deal: --rules: %v", err))
	}
	if !flagSet(fs, "seed") {
		return usageError(fs, "deal: --seed is required")
	}
	d := spider.NewDeal(*seed, rules.Suits)
	s := spider.MustNew(d, rules)
	fmt.Fprintln(stdout, d)
	fmt.Fprint(stdout, s.String())
	return 0
}
