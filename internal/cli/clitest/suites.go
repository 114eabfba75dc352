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

// SeedUsage checks the usage errors of "deal --seed N", whatever the
// game.
func SeedUsage(t *testing.T, app *cli.App) {
	t.Helper()
	for _, tt := range []struct {
		args    []string
		problem string
	}{
		{[]string{"deal"}, "--seed is required"},
		{[]string{"deal", "--seed"}, "seed"},
		{[]string{"deal", "--seed", "-1"}, "seed"},
		{[]string{"deal", "--seed", "x"}, "seed"},
		{[]string{"deal", "--seed", "18446744073709551616"}, "seed"},
		{[]string{"deal", "--seed", "1", "extra"}, `unexpected argument "extra"`},
		{[]string{"deal", "--bogus"}, "bogus"},
	} {
		WantUsageError(t, app, "", tt.args, tt.problem)
	}
}

// AnalyzeUsage checks the usage errors and the -h of an "analyze" made by
// cli.AnalyzeCommand, whatever the game; illegal is a move that the deal
// of seed 1 under the default rules does not allow as its first move.
func AnalyzeUsage(t *testing.T, app *cli.App, illegal string) {
	t.Helper()
	WantUsageError(t, app, "", []string{"analyze", "--moves", "D"}, "--seed")
	WantUsageError(t, app, "", []string{"analyze", "--seed", "1", "--moves", "zz"}, "move 1")
	WantUsageError(t, app, "", []string{"analyze", "--seed", "1", "--moves", illegal}, "move 1")
	for _, budget := range []string{"--nodes", "--timeout", "--game-nodes", "--game-timeout", "--memory"} {
		WantUsageError(t, app, "", []string{"analyze", "--seed", "1", budget, "0"}, "positive")
	}
	WantHelp(t, app, "analyze", "rules", "seed", "deal", "moves", "nodes", "timeout", "game-nodes", "game-timeout", "memory", "json")
}
