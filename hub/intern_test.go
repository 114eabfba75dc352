package hub

import "testing"

func TestInternKnowsEveryMove(t *testing.T) {
	for _, s := range []string{"D", "R", "W-F", "W-3", "3-F", "3-5", "3-5x13", "FH-3", "resign", "finish", "10-1x12", "8-10", "9-3x4"} {
		if got := intern([]byte(s)); got != s {
			t.Errorf("intern(%q) = %q", s, got)
		}
		if n := testing.AllocsPerRun(10, func() { _ = intern([]byte(s)) }); n != 0 {
			t.Errorf("intern(%q) allocates %v times", s, n)
		}
	}
}
