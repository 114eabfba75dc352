package cli

import (
	"flag"
	"fmt"
	"time"
)

// StatsFlags are the flags every engine's "stats" takes.
type StatsFlags struct {
	Rules     string
	Seeds     string
	Timeout   time.Duration
	Workers   int
	MemoryMiB int64
	// Lo and Hi are the first and last seed of Seeds, set by
	// Game.ParseStats.
	Lo, Hi uint64
}

// StatsFlags defines --rules, --seeds, --timeout, --workers and --memory
// on fs; the budgets of defaults are the defaults of --timeout and
// --memory.
func (game Game[R, D, S]) StatsFlags(fs *flag.FlagSet, defaults StatsFlags) *StatsFlags {
	f := new(StatsFlags)
	fs.StringVar(&f.Rules, "rules", game.DefaultProfile, game.RulesUsage)
	fs.StringVar(&f.Seeds, "seeds", "", "inclusive range of seeds A-B, like 1-1000; required")
	fs.DurationVar(&f.Timeout, "timeout", defaults.Timeout, "budget per deal; a deal past it counts as unknown")
	fs.IntVar(&f.Workers, "workers", 1, "deals solved at once (each on its own goroutine)")
	fs.Int64Var(&f.MemoryMiB, "memory", defaults.MemoryMiB, "bound of each search's transposition table, in MiB")
	return f
}

// ParseStats parses args into fs with a.Parse, reads the rules and the
// range of seeds of f, and returns the rules. When ok is false the
// subcommand returns code: 0 after -h, 2 on a usage error (already
// printed). It leaves the checks of the budgets to the subcommand.
func (game Game[R, D, S]) ParseStats(a *App, fs *flag.FlagSet, f *StatsFlags, args []string) (rules R, code int, ok bool) {
	if code, ok := a.Parse(fs, args); !ok {
		return rules, code, false
	}
	rules, err := game.Profile(f.Rules)
	if err != nil {
		return rules, a.UsageError(fs, fmt.Sprintf("%s: --rules: %v", fs.Name(), err)), false
	}
	if f.Lo, f.Hi, err = ParseSeedRange(f.Seeds); err != nil {
		return rules, a.UsageError(fs, fs.Name()+": --seeds: "+err.Error()), false
	}
	return rules, 0, true
}
