package archive

import (
	"testing"
	"time"
)

// SetWriteTimeout bounds the writes of each claimed batch by d until the
// test ends.
func SetWriteTimeout(t *testing.T, d time.Duration) {
	old := writeTimeout
	writeTimeout = d
	t.Cleanup(func() { writeTimeout = old })
}

// MoveCode returns the code of move in game's table (0: none).
func MoveCode(game, move string) uint64 {
	if t := tableOf(game); t != nil {
		return t.codes[move]
	}
	return 0
}
