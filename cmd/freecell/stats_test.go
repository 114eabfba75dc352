package main

import (
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cli/clitest"
)

func TestStatsOutput(t *testing.T) {
	// Nothing on stderr: no progress bar off a terminal.
	clitest.WantOutput(t, app, []string{"stats", "--seeds", "11980-11984", "--workers", "2", "--slowest", "2", "--timeout", "5m"},
		"rules: freecell (FreeCell, 4 free cells)", "seeds: 11980-11984 (5 deals)", "won: 4  lost: 1  unknown: 0\n",
		"lost seeds: 11982\n", "win rate: ", "Wilson 95 %", "time per deal: median ", "per deal; wall time", "slowest 2:\n  seed ")
	clitest.WantOutput(t, app, []string{"stats", "--rules", "freecell-2", "--seeds", "1-2", "--nodes", "5"},
		"won: 0  lost: 0  unknown: 2\n", "unknown seeds: 1 2\n")
}

// TestStatsOut: --out writes a CSV line per deal in seed order, whatever
// order the workers decide them in, gzipped for a name ending in .gz.
// With -short it writes the gzipped file only: each file's deals take a
// proof that deal 11982 is lost.
func TestStatsOut(t *testing.T) {
	dir := t.TempDir()
	names := []string{"deals.csv", "deals.csv.gz"}
	if testing.Short() {
		names = names[1:]
	}
	for _, name := range names {
		path := filepath.Join(dir, name)
		clitest.WantOutput(t, app, []string{"stats", "--seeds", "11978-11986", "--workers", "3", "--timeout", "5m", "--out", path}, "won: 8  lost: 1")
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		var r io.Reader = f
		if strings.HasSuffix(name, ".gz") {
			if r, err = gzip.NewReader(f); err != nil {
				t.Fatal(err)
			}
		}
		b, err := io.ReadAll(r)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
		if len(lines) != 10 || lines[0] != "deal,verdict,nodes,ms,moves" {
			t.Fatalf("%s: %d lines, header %q", name, len(lines), lines[0])
		}
		for i, line := range lines[1:] {
			f := strings.Split(line, ",")
			if len(f) != 5 || f[0] != strconv.Itoa(11978+i) {
				t.Fatalf("%s line %d: %q", name, i+2, line)
			}
			if f[0] == "11982" && (f[1] != "lost" || f[4] != "0") || f[0] != "11982" && (f[1] != "won" || f[4] == "0") {
				t.Errorf("%s: %q", name, line)
			}
		}
	}
	if _, errOut, code := clitest.Exec(t, app, "", "stats", "--seeds", "1-1", "--out", filepath.Join(dir, "no", "such", "dir")); code != 1 || !strings.Contains(errOut, "--out") {
		t.Errorf("--out in a missing directory: exit %d, stderr %q; want 1", code, errOut)
	}
}

func TestStatsUsageErrors(t *testing.T) {
	clitest.StatsUsage(t, app)
	clitest.WantUsageError(t, app, "", []string{"stats", "--seeds", "1-3", "--nodes", "0"}, "positive")
}
