package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/solitaire-race/racer/hub/bot"
)

// runBots plays deals offline with the bot at each level asked and
// prints the win rates.
func runBots(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bots", flag.ContinueOnError)
	fs.SetOutput(stderr)
	profiles := fs.String("profiles", "relaxed-3,bvs", "comma-separated rule profiles")
	levels := fs.String("levels", "strong,greedy,random", "comma-separated bot levels (expert, strong, greedy, random)")
	n := fs.Int("n", 1000, "number of deals (seeds first … first+n−1)")
	first := fs.Uint64("first", 1, "first seed")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var out []bot.Stats
	for _, p := range strings.Split(*profiles, ",") {
		for _, ln := range strings.Split(*levels, ",") {
			l, err := bot.ParseLevel(ln)
			if err != nil {
				return err
			}
			t := time.Now()
			st, err := bot.Evaluate(ctx, p, bot.Config{Level: l}, *first, *n)
			if err != nil {
				return err
			}
			out = append(out, st)
			if !*asJSON {
				fmt.Fprintf(stdout, "%-10s %-7s won %4d of %4d (%5.1f %%), mean actions of a win %5.1f, mean foundation %4.1f  [%.1fs]\n",
					st.Profile, st.Level, st.Wins, st.Games, 100*st.WinRate, st.MeanActions, st.MeanFoundation, time.Since(t).Seconds())
			}
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	return nil
}
