package enginetest

import (
	"bufio"
	"flag"
	"os"
	"strings"
	"testing"
)

// update is the -update flag of every test binary that links this
// package: the engines' tests rewrite their golden files instead of
// comparing (go test ./klondike -run Perft -update).
var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// Update reports whether the test runs with -update, which rewrites the
// golden files in testdata instead of comparing.
func Update() bool { return *update }

// Golden compares got, line by line, with the lines of the file at path.
// With -update it first writes got to the file (one line each, each
// ending in a newline), so the comparison then holds.
func Golden(t *testing.T, path string, got []string) {
	t.Helper()
	if Update() {
		if err := os.WriteFile(path, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var want []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		want = append(want, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("got %d lines, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("line %d:\ngot  %s\nwant %s", i+1, got[i], want[i])
		}
	}
}
