// Package testenv lets tests need an external program (Chromium,
// redis-server, HAProxy, Prometheus, promtool, kubectl) without hiding
// that they did not run.
//
// A test calls Require (or Unavailable, when it found the program but
// cannot use it). When the program is missing the test is skipped
// locally and fails under CI=true, where bash .ci/run has installed
// everything. The package's TestMain calls Main (or Run), which after the
// tests writes one line per missing program to the controlling terminal:
//
//	testenv: github.com/solitaire-race/racer/web: chromium not found: 11 tests skipped (TestBrowserDaily, …); bash .ci/run installs everything
//
// Why the terminal: go test ./... in package-list mode shows nothing a
// passing test binary writes, on stdout or stderr, TestMain included;
// only -v shows the skip messages. /dev/tty is not redirected by go test,
// so the line reaches the person at the terminal even on success, and
// stays out of the captured output that tools parse (go test -json, CI
// logs). Without a terminal (an IDE, cron) nothing is written: those runs
// use -v or -json, where each skip message is shown. A package whose
// TestMain does not call Main still shows its skips: Require then writes
// one line per skipped test.
//
// Usage:
//
//	func TestMain(m *testing.M) { testenv.Main(m) }
//
//	func TestDrain(t *testing.T) {
//		haproxy := testenv.Require(t, "haproxy")
//		...
//	}
package testenv
