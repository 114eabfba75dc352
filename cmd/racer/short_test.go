package main

import "testing"

// skipWholeNodeIfShort skips, under -short, a test that runs a whole node
// (run with its stores, pools, bots and timers, on Redis or SQLite) or
// another process: each takes seconds, and the inner loop keeps one run
// of the whole command (TestRunServesAndShutsDown) and the tests of the
// parts. The full suite (CI) runs them all.
func skipWholeNodeIfShort(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: a whole node or another process; the full suite runs it")
	}
}
