package main

import (
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cli/clitest"
)

func TestStatsOutput(t *testing.T) {
	out, errOut, code := clitest.Exec(t, app, "", "stats", "--rules", "spider-2", "--seeds", "7-11", "--timeout", "2s", "--workers", "2")
	if code != 0 {
		t.Fatalf("exit %d, want 0; stderr %q", code, errOut)
	}
	if errOut != "" {
		t.Errorf("stderr %q, want nothing (no progress bar off a terminal)", errOut)
	}
	for _, want := range []string{"rules: spider-2 (Spider, 2 suits", "seeds: 7-11 (5 deals)", "won: ", "lost: ", "unknown: ", "win rate: ", "Wilson 95 %", "time per deal: median ", " p90 ", " p99 ", " max "} {
		if !strings.Contains(out, want) {
			t.Errorf("output %q lacks %q", out, want)
		}
	}
	// Unknowns are reported as such, with the bounds they leave.
	out, _, _ = clitest.Exec(t, app, "", "stats", "--rules", "spider-4-std", "--seeds", "1-2", "--timeout", "1ms")
	for _, want := range []string{"won: 0  lost: 0  unknown: 2\n", "unknown seeds: 1 2\n", "win rate bounds with unknowns: 0.000 % (all lost) – 100.000 % (all won)"} {
		if !strings.Contains(out, want) {
			t.Errorf("1ms per deal: output %q lacks %q", out, want)
		}
	}
}

func TestStatsUsageErrors(t *testing.T) {
	clitest.StatsUsage(t, app)
}
