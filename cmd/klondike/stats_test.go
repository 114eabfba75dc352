package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
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

func TestStatsOut(t *testing.T) {
	path := filepath.Join(t.TempDir(), "deals.csv")
	out := clitest.WantOutput(t, app, []string{"stats", "--rules", "relaxed-3", "--seeds", "7-11", "--timeout", "2s", "--workers", "2", "--f2c-share", "--out", path}, "won: ")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if lines[0] != "seed,verdict,nodes,seconds,without_f2c" || len(lines) != 6 {
		t.Fatalf("--out wrote %q; want a header and 5 deals", data)
	}
	count := map[string]int{}
	seen := map[string]bool{}
	for _, l := range lines[1:] {
		f := strings.Split(l, ",")
		if len(f) != 5 || seen[f[0]] {
			t.Fatalf("line %q: want 5 fields and a seed not seen before", l)
		}
		seen[f[0]] = true
		if n, err := strconv.ParseInt(f[2], 10, 64); err != nil || n <= 0 {
			t.Errorf("line %q: nodes %q", l, f[2])
		}
		if (f[1] == "won") != (f[4] != "") {
			t.Errorf("line %q: a verdict without foundation-to-column moves belongs to won deals only", l)
		}
		count[f[1]]++
	}
	for seed := 7; seed <= 11; seed++ {
		if !seen[strconv.Itoa(seed)] {
			t.Errorf("seed %d missing from %q", seed, data)
		}
	}
	if want := fmt.Sprintf("won: %d  lost: %d  unknown: %d", count["won"], count["lost"], count["unknown"]); !strings.Contains(out, want) {
		t.Errorf("the report %q lacks %q, the counts of --out", out, want)
	}
}

func TestStatsOutUnwritable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "no-such-dir", "deals.csv")
	_, errOut, code := clitest.Exec(t, app, "", "stats", "--seeds", "1-1", "--out", path)
	if code != 1 || !strings.Contains(errOut, "--out") {
		t.Errorf("exit %d, stderr %q; want 1 and the --out error", code, errOut)
	}
}
