package main

import (
	"testing"

	"github.com/solitaire-race/racer/internal/cli/clitest"
)

func TestStatsOutput(t *testing.T) {
	// Nothing on stderr: no progress bar off a terminal.
	clitest.WantOutput(t, app, []string{"stats", "--rules", "spider-2", "--seeds", "7-11", "--timeout", "2s", "--workers", "2"},
		"rules: spider-2 (Spider, 2 suits", "seeds: 7-11 (5 deals)", "won: ", "lost: ", "unknown: ", "win rate: ", "Wilson 95 %", "time per deal: median ", " p90 ", " p99 ", " max ")
	// Unknowns are reported as such, with the bounds they leave.
	clitest.WantOutput(t, app, []string{"stats", "--rules", "spider-4-std", "--seeds", "1-2", "--timeout", "1ms"},
		"won: 0  lost: 0  unknown: 2\n", "unknown seeds: 1 2\n", "win rate bounds with unknowns: 0.000 % (all lost) – 100.000 % (all won)")
}

func TestStatsUsageErrors(t *testing.T) {
	clitest.StatsUsage(t, app)
}
