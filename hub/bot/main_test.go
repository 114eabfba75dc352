package bot_test

import (
	"testing"

	"github.com/solitaire-race/racer/internal/testenv"
)

// TestMain runs four tests at once (testenv.Parallel): the races on
// sockets mostly wait on their bots' pace, so they overlap with the games
// that keep a core busy.
func TestMain(m *testing.M) {
	testenv.Parallel(4)
	testenv.Main(m)
}
