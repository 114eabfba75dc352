package testenv

import (
	"flag"
	"os"
	"testing"
)

// ShortUnderRace is the TestMain of a package whose long suites run on
// one goroutine (the solvers' searches): under -race it runs them at
// their -short sizes, since the race detector finds nothing there and
// slows them tenfold, and .ci/run runs the package again in full without
// -race. Its tests that use goroutines run under -race either way.
func ShortUnderRace(m *testing.M) {
	flag.Parse()
	if RaceDetector && !testing.Short() {
		if err := flag.Set("test.short", "true"); err != nil {
			panic(err)
		}
	}
	os.Exit(m.Run())
}
