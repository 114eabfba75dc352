package archive

import (
	"testing"
	"time"

	"github.com/solitaire-race/racer/match/game"
)

// SetWriteTimeout bounds the writes of each claimed batch by d until the
// test ends.
func SetWriteTimeout(t *testing.T, d time.Duration) {
	old := writeTimeout
	writeTimeout = d
	t.Cleanup(func() { writeTimeout = old })
}

// MoveCode returns the code of move in g's table (0: none).
func MoveCode(g game.Game, move string) uint64 {
	if t := tableOf(g); t != nil {
		return t.codes[move]
	}
	return 0
}
