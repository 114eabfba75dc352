package testenv

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"
)

// packages names the Debian package that installs each program tests
// require; a program not listed is installed by the package of its name.
var packages = map[string]string{
	"chromium":     "chromium",
	"redis-server": "redis-server",
	"haproxy":      "haproxy",
	"prometheus":   "prometheus",
	"promtool":     "prometheus",
	"kubectl":      "kubectl",
	"redis-cli":    "redis-tools",
}

// InstallHint is how to get every program the tests require.
const InstallHint = "bash .ci/run installs everything"

var (
	skipsMu sync.Mutex
	// collecting is true while Run runs the tests; Require then records
	// skips for Run's summary instead of writing them at once.
	collecting bool
	// skips maps a reason ("chromium not found") to the tests it skipped.
	skips = map[string][]string{}
)

// Require returns the path of program name. When it is not installed it
// skips t, or fails it under CI=true.
func Require(t testing.TB, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	pkg := packages[name]
	if pkg == "" {
		pkg = name
	}
	Unavailable(t, name+" not found (apt-get install "+pkg+")")
	return ""
}

// Unavailable skips t, or fails it under CI=true, because of reason: a
// program it needs is missing or does not start ("chromium does not
// start: …"). The skip is listed in the summary of Run.
func Unavailable(t testing.TB, reason string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s; CI=true requires it", reason)
	}
	skipsMu.Lock()
	if collecting {
		skips[reason] = append(skips[reason], t.Name())
	} else {
		writeTTY(fmt.Sprintf("testenv: %s: %s: %s skipped; %s\n", pkgPath(), reason, t.Name(), InstallHint))
	}
	skipsMu.Unlock()
	t.Skipf("SKIP: %s; %s", reason, InstallHint)
}

// Main runs the tests of m, writes the summary of Run and exits with the
// tests' status. TestMain calls it when it has nothing else to do.
func Main(m *testing.M) {
	os.Exit(Run(m))
}

// Run runs the tests of m and returns their exit code, after writing to
// the controlling terminal, if there is one, a line for each reason that
// tests skipped with the tests it skipped.
func Run(m *testing.M) int {
	skipsMu.Lock()
	collecting = true
	skipsMu.Unlock()
	code := m.Run()
	skipsMu.Lock()
	defer skipsMu.Unlock()
	collecting = false
	if s := Summary(pkgPath(), skips); s != "" {
		writeTTY(s)
	}
	return code
}

// maxNames is how many test names a summary line lists before "and N
// more".
const maxNames = 6

// Summary formats the skips of package pkg, reason to tests, one line
// per reason in sorted order; "" when nothing skipped.
func Summary(pkg string, skips map[string][]string) string {
	var b strings.Builder
	for _, reason := range slices.Sorted(func(yield func(string) bool) {
		for r := range skips {
			if !yield(r) {
				return
			}
		}
	}) {
		tests := slices.Clone(skips[reason])
		slices.Sort(tests)
		tests = slices.Compact(tests)
		names := strings.Join(tests[:min(len(tests), maxNames)], ", ")
		if len(tests) > maxNames {
			names += fmt.Sprintf(" and %d more", len(tests)-maxNames)
		}
		noun := "tests"
		if len(tests) == 1 {
			noun = "test"
		}
		fmt.Fprintf(&b, "testenv: %s: %s: %d %s skipped (%s); %s\n", pkg, reason, len(tests), noun, names, InstallHint)
	}
	return b.String()
}

// tty is where the summary goes; openTTY opens the controlling terminal.
var openTTY = func() (io.WriteCloser, error) { return os.OpenFile("/dev/tty", os.O_WRONLY, 0) }

// writeTTY writes s to the controlling terminal, or nowhere when there is
// none.
func writeTTY(s string) {
	f, err := openTTY()
	if err != nil {
		return
	}
	defer f.Close()
	io.WriteString(f, s)
}

// pkgPath is the import path of the package under test, from the test
// binary's build information.
func pkgPath() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Path != "" {
		return strings.TrimSuffix(bi.Path, ".test")
	}
	return strings.TrimSuffix(os.Args[0], ".test")
}
