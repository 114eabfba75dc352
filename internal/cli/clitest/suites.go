package clitest

import (
	"testing"

	"github.com/solitaire-race/racer/internal/cli"
)

// SolveUsage checks the usage errors and the -h of a "solve" made by
// cli.SolveCommand, whatever the game.
func SolveUsage(t *testing.T, app *cli.App) {
	t.Helper()
	WantUsageError(t, app, "", []string{"solve"}, "--seed")
	WantUsageError(t, app, "", []string{"solve", "--seed", "1", "--deal", "AS"}, "not both")
	WantUsageError(t, app, "", []string{"solve", "--deal", "AS KS"}, "--deal")
	WantUsageError(t, app, "", []string{"solve", "--seed", "1", "--rules", "nope"}, "--rules")
	WantUsageError(t, app, "", []string{"solve", "--seed", "1", "--timeout", "0s"}, "positive")
	WantUsageError(t, app, "", []string{"solve", "--seed", "1", "--nodes", "0"}, "positive")
	WantHelp(t, app, "solve", "rules", "seed", "deal", "timeout", "json", "nodes", "memory")
}

// StatsUsage checks the usage errors and the -h of the flags every
// "stats" takes (cli.StatsFlags), whatever the game.
func StatsUsage(t *testing.T, app *cli.App) {
	t.Helper()
	WantUsageError(t, app, "", []string{"stats"}, "--seeds")
	WantUsageError(t, app, "", []string{"stats", "--seeds", "5-1"}, "A ≤ B")
	WantUsageError(t, app, "", []string{"stats", "--seeds", "x-3"}, "bad first seed")
	WantUsageError(t, app, "", []string{"stats", "--seeds", "1-3", "--workers", "0"}, "positive")
	WantUsageError(t, app, "", []string{"stats", "--seeds", "1-3", "--memory", "0"}, "positive")
	WantUsageError(t, app, "", []string{"stats", "--seeds", "1-3", "--rules", "nope"}, "--rules")
	WantHelp(t, app, "stats", "rules", "seeds", "timeout", "workers", "memory")
}
