package lobby_test

import (
	"testing"

	"github.com/solitaire-race/racer/internal/testenv"
)

// TestMain tells the person at the terminal which tests skipped for want
// of redis-server (package testenv). The suites' parallel subtests wait
// out real TTLs, so up to eight run at once (testenv.Parallel).
func TestMain(m *testing.M) {
	testenv.Parallel(8)
	testenv.Main(m)
}
