package main

import (
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cli/clitest"
)

func TestStatsOutput(t *testing.T) {
	out, errOut, code := clitest.Exec(t, app, "", "stats", "--rules", "relaxed-3", "--seeds", "7-11", "--timeout", "2s", "--workers", "2", "--slowest", "2")
	if code != 0 {
		t.Fatalf("exit %d, want 0; stderr %q", code, errOut)
	}
	if errOut != "" {
		t.Errorf("stderr %q, want nothing (no progress bar off a terminal)", errOut)
	}
	for _, want := range []string{"seeds: 7-11 (5 deals)", "won: ", "lost: ", "unknown: ", "win rate: ", "Wilson 95 %", "time per deal: median ", " p90 ", " p99 ", " max ", "slowest 2:\n  seed "} {
		if !strings.Contains(out, want) {
			t.Errorf("output %q lacks %q", out, want)
		}
	}
}

func TestStatsUsageErrors(t *testing.T) {
	clitest.StatsUsage(t, app)
	clitest.WantUsageError(t, app, "", []string{"stats", "--seeds", "1-3", "--nodes", "0"}, "positive")
	clitest.WantUsageError(t, app, "", []string{"stats", "--seeds", "1-3", "--slowest", "-1"}, "not negative")
	clitest.WantHelp(t, app, "stats", "nodes", "slowest", "f2c-share")
}
