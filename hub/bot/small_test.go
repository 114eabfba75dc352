package bot

import (
	"testing"

	"github.com/solitaire-race/racer/internal/testenv"
)

// Small reports whether the games-only suites (each game on one
// goroutine, no sockets) run at their -short sizes: with -short, and
// under the race detector, which finds nothing there and slows them
// tenfold; .ci/run runs them in full without -race. Exported for the
// package's external tests.
func Small() bool { return testing.Short() || testenv.RaceDetector }
