package main

import (
	"fmt"
	"io"

	"github.com/solitaire-race/racer/freecell"
	"github.com/solitaire-race/racer/internal/cli"
)

func init() {
	app.Register("deal", "print the deal of a seed (52 cards in dealing order) and its layout", runDeal)
}

// runDeal is "freecell deal [--rules PROFILE] --seed N": the deal on one
// line, then the layout.
func runDeal(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := app.FlagSet("deal", stderr,
		"usage: freecell deal [--rules PROFILE] --seed N",
		"Prints the deal of seed N on one line (the 52 cards in dealing order: row by row, left to",
		"right; seeds 1 … 32000 are Microsoft's numbered deals), then the layout: the free cells,",
		"the foundations and each cascade, bottom card first.")
	profile := fs.String("rules", freecell.DefaultProfile, profileUsage+" (the number of free cells shown)")
	seed := fs.Uint64("seed", 0, "the 64-bit seed (0 … 18446744073709551615); Microsoft's deal number below 2^31; required")
	if code, ok := app.Parse(fs, args); !ok {
		return code
	}
	rules, err := freecell.Profile(*profile)
	if err != nil {
		return app.UsageError(fs, fmt.Sprintf("deal: --rules: %v", err))
	}
	if !cli.IsSet(fs, "seed") {
		return app.UsageError(fs, "deal: --seed is required")
	}
	d := freecell.NewDeal(*seed)
	s := freecell.MustNew(d, rules)
	fmt.Fprintln(stdout, d)
	fmt.Fprint(stdout, s.String())
	return 0
}
