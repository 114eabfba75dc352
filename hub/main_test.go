package hub_test

import (
	"testing"

	"github.com/solitaire-race/racer/internal/testenv"
)

// TestMain tells the person at the terminal which tests skipped for want
// of redis-server (package testenv). The tests mostly wait on sockets and
// timers, so sixteen run at once (testenv.Parallel), or eight under the
// race detector, which makes their work ten times dearer on the CPU.
func TestMain(m *testing.M) {
	n := 16
	if testenv.RaceDetector {
		n = 8
	}
	testenv.Parallel(n)
	testenv.Main(m)
}
