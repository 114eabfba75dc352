//go:build race

package testenv

// RaceDetector reports whether the tests run with -race.
const RaceDetector = true
