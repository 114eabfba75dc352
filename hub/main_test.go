package hub_test

import (
	"testing"

	"github.com/solitaire-race/racer/internal/testenv"
)

// TestMain tells the person at the terminal which tests skipped for want
// of redis-server (package testenv). The tests mostly wait on sockets and
// timers, so eight run at once (testenv.Parallel).
func TestMain(m *testing.M) {
	testenv.Parallel(8)
	testenv.Main(m)
}
