package transport

import (
	"testing"

	"github.com/solitaire-race/racer/internal/testenv"
)

// TestMain runs up to eight parallel tests at once (testenv.Parallel):
// they mostly wait out write timeouts.
func TestMain(m *testing.M) {
	testenv.Parallel(8)
	testenv.Main(m)
}

// parallel marks t as a parallel test, unless the race detector is on:
// its slowdown, shared between tests run at once, stretches the writes
// past the bounds these tests put on them (1.5 times the write timeout).
// The tests that measure the heap or the stacks never call it, so they
// run alone.
func parallel(t *testing.T) {
	t.Helper()
	if !testenv.RaceDetector {
		t.Parallel()
	}
}
