package hub

import (
	"testing"

	"github.com/solitaire-race/racer/match/game/games"
)

func TestInternKnowsEveryMove(t *testing.T) {
	h := &Hub{actions: actionsOf(games.All)}
	for _, s := range []string{"D", "R", "W-F", "W-3", "3-F", "3-5", "3-5x13", "FH-3", "resign", "finish", "10-1x12", "8-10", "9-3x4", "3-a", "d-8", "b-F"} {
		if got := h.intern([]byte(s)); got != s {
			t.Errorf("intern(%q) = %q", s, got)
		}
		if n := testing.AllocsPerRun(10, func() { _ = h.intern([]byte(s)) }); n != 0 {
			t.Errorf("intern(%q) allocates %v times", s, n)
		}
	}
}
