package solver

import (
	"testing"

	"github.com/solitaire-race/racer/internal/testenv"
)

// Under -race the searches' long suites run at their -short sizes; .ci/run
// runs them in full without -race (testenv.ShortUnderRace).
func TestMain(m *testing.M) { testenv.ShortUnderRace(m) }
