package hub_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
)

// TestWinningAckBeforeEnd: on one node, the ack of the move that wins
// comes before race_end on the winner's connection (the hub queues the
// ack and the end under the race's lock, in that order). Code that
// reordered them would do so only in a narrow race, so this test pins
// the order rather than reliably catching such a race.
func TestWinningAckBeforeEnd(t *testing.T) {
	t.Parallel()
	for range 5 {
		var mu sync.Mutex
		var frames []string
		rec := func(b []byte) {
			var m struct {
				Type string `json:"type"`
				Seq  uint64 `json:"seq"`
			}
			_ = json.Unmarshal(b, &m)
			mu.Lock()
			frames = append(frames, fmt.Sprintf("%s %d", m.Type, m.Seq))
			mu.Unlock()
		}
		s := newServer(t, hub.Config{})
		_, _, _, line := s.pairAndWin(t, client.Options{Record: rec})
		mu.Lock()
		ack := slices.Index(frames, fmt.Sprintf("%s %d", wire.TypeAck, len(line)))
		end := slices.IndexFunc(frames, func(f string) bool { return strings.HasPrefix(f, wire.TypeRaceEnd+" ") })
		mu.Unlock()
		if ack < 0 || end < 0 || ack > end {
			t.Fatalf("winning ack at frame %d, race_end at %d: want the ack first", ack, end)
		}
	}
}
