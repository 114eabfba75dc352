package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/solitaire-race/racer/hub/bot"
	"github.com/solitaire-race/racer/match/game/games"
)

// runBots plays deals offline with the bot at each level asked, under
// each profile asked, and prints each level's record: win rate, median
// cards off the table and the pace an action would take in a race.
func runBots(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bots", flag.ContinueOnError)
	fs.SetOutput(stderr)
	profiles := fs.String("profiles", "relaxed-3,bvs", `comma-separated rule profiles, of any game ("all": every profile)`)
	levels := fs.String("levels", "relaxed,steady,strong", "comma-separated bot levels (relaxed, steady, strong, greedy, random)")
	n := fs.Int("n", 200, "number of deals per profile")
	first := fs.Uint64("first", 1, "first seed")
	winnable := fs.Bool("winnable", true, "play only deals the game's solver proves winnable (seeds from -first on until -n are)")
	nodes := fs.Int("winnable-nodes", 200_000, "positions each proof of a winnable deal may search")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "deals played at once")
	csvPath := fs.String("csv", "", "write one line per deal to this CSV file")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args); err != nil {
		return err
	}
	ls, err := parseLevels(*levels)
	if err != nil {
		return err
	}
	ps := strings.Split(*profiles, ",")
	if *profiles == "all" {
		ps = games.Profiles()
	}
	var rows *csv.Writer
	if *csvPath != "" {
		f, err := os.Create(*csvPath)
		if err != nil {
			return err
		}
		defer f.Close()
		rows = csv.NewWriter(f)
		defer rows.Flush()
		_ = rows.Write([]string{"profile", "level", "seed", "won", "stuck", "stopped", "actions", "off"})
	}
	var out []bot.Stats
	for _, p := range ps {
		cfg := bot.EvalConfig{Profile: p, First: *first, Deals: *n, Workers: *workers}
		if *winnable {
			t := time.Now()
			if cfg.Seeds, err = bot.WinnableSeeds(ctx, p, *first, *n, *nodes, *workers); err != nil {
				return err
			}
			if !*asJSON {
				fmt.Fprintf(stdout, "%s: %d winnable deals, seeds %d … %d  [%.1fs]\n",
					p, len(cfg.Seeds), cfg.Seeds[0], cfg.Seeds[len(cfg.Seeds)-1], time.Since(t).Seconds())
			}
		}
		for _, l := range ls {
			cfg.Bot = bot.Config{Level: l}
			t := time.Now()
			st, err := bot.Evaluate(ctx, cfg)
			if err != nil {
				return err
			}
			st.Winnable = *winnable
			out = append(out, st)
			if rows != nil {
				writeDeals(rows, st)
			}
			if !*asJSON {
				fmt.Fprintf(stdout, "%-12s %-7s won %3d of %3d (%5.1f %%), cards off median %4.1f mean %4.1f, stuck %3d, stopped %3d, "+
					"pace median %.2fs p90 %.2fs, thinking %.2f ms an action  [%.1fs]\n",
					st.Profile, st.Level, st.Wins, st.Games, 100*st.WinRate, st.MedianOff, st.MeanFoundation, st.Stuck, st.Stopped,
					st.MedianPace, st.P90Pace, st.MeanThink, time.Since(t).Seconds())
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

// parseLevels reads a comma-separated list of level names.
func parseLevels(s string) ([]bot.Level, error) {
	var ls []bot.Level
	for _, name := range strings.Split(s, ",") {
		l, err := bot.ParseLevel(name)
		if err != nil {
			return nil, err
		}
		ls = append(ls, l)
	}
	return ls, nil
}

// writeDeals writes one CSV line per deal of st.
func writeDeals(w *csv.Writer, st bot.Stats) {
	for _, d := range st.Deals {
		_ = w.Write([]string{st.Profile, st.Level, strconv.FormatUint(d.Seed, 10), strconv.FormatBool(d.Won),
			strconv.FormatBool(d.Stuck), strconv.FormatBool(d.Stopped), strconv.Itoa(d.Actions), strconv.Itoa(d.Off)})
	}
}
