package scoreboard

import "testing"

func TestStatusDone(t *testing.T) {
	tests := []struct {
		s    Status
		want bool
	}{
		{StatusPlaying, false},
		{StatusDisconnected, false},
		{StatusWon, true},
		{StatusStuck, true},
		{StatusResigned, true},
	}
	for _, tc := range tests {
		if got := tc.s.Done(); got != tc.want {
			t.Errorf("%s.Done() = %v, want %v", tc.s, got, tc.want)
		}
	}
}
