package bot

import (
	"testing"

	"github.com/solitaire-race/racer/internal/testenv"
)

// The bot's games run on one goroutine: under -race the long suites run
// at their -short sizes, and .ci/run runs them in full without -race
// (testenv.ShortUnderRace).
func TestMain(m *testing.M) { testenv.ShortUnderRace(m) }
