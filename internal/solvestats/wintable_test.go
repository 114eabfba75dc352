package solvestats_test

import (
	"bufio"
	"compress/gzip"
	"encoding/csv"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/solvestats"
)

// The win-rate table of docs/SOLVER.md and the per-deal verdicts it is
// computed from (docs/data/README.md says how each file was made).
const (
	solverDoc   = "../../docs/SOLVER.md"
	dataDir     = "../../docs/data"
	tableMarker = "<!-- win-rate table -->"

	// firstBudget and followUpBudget are the "positions a deal" cells of a
	// profile's two rows: the run over every seed, and the run again of
	// each deal the first left unknown.
	firstBudget    = "2 million"
	followUpBudget = "8 million for the unknowns"
)

// TestWinTable recomputes every row of the win-rate table from the data
// files and fails on any cell that differs, on a row without data and on
// data without a row. The first cell (the profile, described in words)
// is matched by its first word.
func TestWinTable(t *testing.T) {
	doc, err := os.ReadFile(solverDoc)
	if err != nil {
		t.Fatal(err)
	}
	want := wantWinRows(t)
	if len(want) == 0 {
		t.Fatalf("no data files in %s", dataDir)
	}
	for _, p := range winTableProblems(string(doc), want) {
		t.Errorf("%s: %s", solverDoc, p)
	}

	// The check itself: the table with a digit of any cell of its first
	// row changed, or without that row, does not pass.
	lines := strings.Split(string(doc), "\n")
	first := slices.Index(lines, tableMarker) + 3
	if first < 3 || first >= len(lines) {
		t.Fatalf("%s: no row after %q", solverDoc, tableMarker)
	}
	cells := strings.Split(lines[first], "|")
	for i := 2; i < len(cells)-1; i++ { // cells[0] is empty, [1] the profile
		changed := slices.Clone(cells)
		changed[i] = bumpLastDigit(changed[i])
		l := slices.Clone(lines)
		l[first] = strings.Join(changed, "|")
		if len(winTableProblems(strings.Join(l, "\n"), want)) == 0 {
			t.Errorf("the table passes with %q for %q", changed[i], cells[i])
		}
	}
	l := slices.Delete(slices.Clone(lines), first, first+1)
	if len(winTableProblems(strings.Join(l, "\n"), want)) == 0 {
		t.Errorf("the table passes without the row %q", lines[first])
	}
}

// bumpLastDigit adds 1 (mod 10) to the last digit of s, or appends a
// digit when s has none.
func bumpLastDigit(s string) string {
	i := strings.LastIndexAny(s, "0123456789")
	if i < 0 {
		return s + "1"
	}
	return s[:i] + string('0'+(s[i]-'0'+1)%10) + s[i+1:]
}

// winTableProblems compares the table in doc with the rows computed
// from the data and returns what differs.
func winTableProblems(doc string, want map[rowKey][]string) []string {
	got, err := parseWinTable(doc)
	if err != nil {
		return []string{err.Error()}
	}
	var problems []string
	for key, cells := range want {
		row, ok := got[key]
		switch {
		case !ok:
			problems = append(problems, fmt.Sprintf("no row for %s (%s); want | %s | %s |", key.profile, key.budget, key.profile, strings.Join(cells, " | ")))
		case !slices.Equal(row, cells):
			problems = append(problems, fmt.Sprintf("row %s (%s):\n got | %s |\nwant | %s |", key.profile, key.budget, strings.Join(row, " | "), strings.Join(cells, " | ")))
		}
	}
	for key := range got {
		if _, ok := want[key]; !ok {
			problems = append(problems, fmt.Sprintf("row %s (%s) has no data file in %s", key.profile, key.budget, dataDir))
		}
	}
	slices.Sort(problems)
	return problems
}

// rowKey names a row of the table: the profile and its budget cell.
type rowKey struct{ profile, budget string }

// wantWinRows reads every profile's data and returns its rows, each
// without the profile cell: the seeds, the budget, then the computed
// cells. A profile's seeds are 1 to the number of its deals.
func wantWinRows(t *testing.T) map[rowKey][]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dataDir, "*.csv.gz"))
	if err != nil {
		t.Fatal(err)
	}
	rows := make(map[rowKey][]string)
	for _, path := range files {
		if strings.HasSuffix(path, ".followup.csv.gz") {
			continue
		}
		profile := strings.TrimSuffix(filepath.Base(path), ".csv.gz")
		first := readDeals(t, path, "seed,verdict,nodes,seconds,without_f2c")
		var nodes int64
		for _, d := range first {
			nodes += d.Nodes
		}
		perDeal := nodes / int64(max(len(first), 1))
		for seed := range first {
			if seed < 1 || seed > uint64(len(first)) {
				t.Errorf("%s: seed %d among %d deals, want seeds 1-%d", path, seed, len(first), len(first))
			}
		}
		seeds := "1–" + thousands(int64(len(first)))
		rows[rowKey{profile, firstBudget}] = append([]string{seeds, firstBudget}, winCells(first, thousands(perDeal))...)

		followPath := strings.TrimSuffix(path, ".csv.gz") + ".followup.csv.gz"
		if _, err := os.Stat(followPath); err != nil {
			continue
		}
		follow := readDeals(t, followPath, "seed,verdict,nodes,seconds")
		final := maps.Clone(first)
		for seed, d := range follow {
			o, ok := final[seed]
			if !ok || o.Verdict != solvestats.Unknown {
				t.Errorf("%s: seed %d is not an unknown of %s", followPath, seed, path)
				continue
			}
			final[seed] = d
		}
		for seed, o := range first {
			if _, ok := follow[seed]; o.Verdict == solvestats.Unknown && !ok {
				t.Errorf("%s: unknown seed %d of %s is missing", followPath, seed, path)
			}
		}
		rows[rowKey{profile, followUpBudget}] = append([]string{seeds, followUpBudget}, winCells(final, "")...)
	}
	return rows
}

// readDeals reads a gzip-compressed CSV file of deals with the given
// header whose first three columns are seed, verdict and positions,
// indexed by seed; it fails on a seed given twice and on a verdict it
// does not know.
func readDeals(t *testing.T, path, header string) map[uint64]solvestats.Outcome {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(bufio.NewReader(f))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	records, err := csv.NewReader(zr).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if len(records) == 0 || strings.Join(records[0], ",") != header {
		t.Fatalf("%s: want the header %q", path, header)
	}
	deals := make(map[uint64]solvestats.Outcome, len(records)-1)
	for i, r := range records[1:] {
		seed, err1 := strconv.ParseUint(r[0], 10, 64)
		nodes, err2 := strconv.ParseInt(r[2], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s, line %d: bad seed or positions: %q", path, i+2, r)
		}
		if _, dup := deals[seed]; dup {
			t.Errorf("%s: seed %d twice", path, seed)
		}
		if v := r[1]; v != solvestats.Won && v != solvestats.Lost && v != solvestats.Unknown {
			t.Errorf("%s, seed %d: got verdict %q, want won, lost or unknown", path, seed, v)
		}
		deals[seed] = solvestats.Outcome{Verdict: r[1], Nodes: nodes}
	}
	return deals
}

// winCells returns a row's cells after the profile and budget: won /
// lost / unknown, the bounds of the win rate, the Wilson interval over
// decided deals, the one with every unknown lost and won, and
// positions per deal.
func winCells(deals map[uint64]solvestats.Outcome, perDeal string) []string {
	outcomes := make([]solvestats.Outcome, 0, len(deals))
	for _, d := range deals {
		outcomes = append(outcomes, d)
	}
	won, lost, unknown := solvestats.Counts(outcomes)
	n := len(outcomes)
	bounds := percent(float64(won) / float64(n))
	if unknown > 0 {
		bounds = percents(float64(won)/float64(n), float64(won+unknown)/float64(n))
	}
	lo, hi := solvestats.Wilson(won, won+lost)
	loAll, _ := solvestats.Wilson(won, n)
	_, hiAll := solvestats.Wilson(won+unknown, n)
	return []string{
		fmt.Sprintf("%s / %s / %s", thousands(int64(won)), thousands(int64(lost)), thousands(int64(unknown))),
		bounds, percents(lo, hi), percents(loAll, hiAll), perDeal,
	}
}

// parseWinTable returns the rows of the table that follows tableMarker,
// keyed by the first word of the profile cell and the budget cell, each
// without the profile cell.
func parseWinTable(doc string) (map[rowKey][]string, error) {
	_, after, ok := strings.Cut(doc, tableMarker+"\n")
	if !ok {
		return nil, fmt.Errorf("no line %q", tableMarker)
	}
	lines := strings.Split(after, "\n")
	const header = "| profile | seeds | positions a deal | won / lost / unknown | win rate, unknowns lost – won | Wilson 95 %, decided deals | Wilson 95 %, unknowns lost / won | positions per deal |"
	if len(lines) < 3 || lines[0] != header || !strings.HasPrefix(lines[1], "|---") {
		return nil, fmt.Errorf("the table after %q must start with the header %q and a separator", tableMarker, header)
	}
	rows := make(map[rowKey][]string)
	for _, line := range lines[2:] {
		if !strings.HasPrefix(line, "|") {
			break
		}
		cells := strings.Split(strings.TrimSuffix(strings.TrimPrefix(line, "|"), "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if len(cells) != 8 {
			return nil, fmt.Errorf("row %q: got %d cells, want 8", line, len(cells))
		}
		profile, _, _ := strings.Cut(cells[0], " ")
		key := rowKey{strings.TrimSuffix(profile, ","), cells[2]}
		if _, dup := rows[key]; dup {
			return nil, fmt.Errorf("row %s (%s) twice", key.profile, key.budget)
		}
		rows[key] = cells[1:]
	}
	return rows, nil
}

// percent writes a share as the table does: "82.28 %".
func percent(p float64) string { return fmt.Sprintf("%.2f %%", 100*p) }

// percents writes an interval as the table does: "81.55–83.05 %".
func percents(lo, hi float64) string { return fmt.Sprintf("%.2f–%.2f %%", 100*lo, 100*hi) }

// thousands writes n with commas between groups of three digits.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
