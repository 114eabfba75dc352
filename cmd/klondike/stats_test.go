package main

import (
	"testing"

	"github.com/solitaire-race/racer/internal/cli/clitest"
)

func TestStatsOutput(t *testing.T) {
	// Nothing on stderr: no progress bar off a terminal.
	clitest.WantOutput(t, app, []string{"stats", "--rules", "relaxed-3", "--seeds", "7-11", "--timeout", "2s", "--workers", "2", "--slowest", "2"},
		"seeds: 7-11 (5 deals)", "won: ", "lost: ", "unknown: ", "win rate: ", "Wilson 95 %", "time per deal: median ", " p90 ", " p99 ", " max ", "slowest 2:\n  seed ")
}

func TestStatsUsageErrors(t *testing.T) {
	clitest.StatsUsage(t, app)
	clitest.WantUsageError(t, app, "", []string{"stats", "--seeds", "1-3", "--nodes", "0"}, "positive")
	clitest.WantUsageError(t, app, "", []string{"stats", "--seeds", "1-3", "--slowest", "-1"}, "not negative")
	clitest.WantHelp(t, app, "stats", "nodes", "slowest", "f2c-share")
}
