package solving

import (
	"testing"
	"time"
)

func TestVerdictString(t *testing.T) {
	tests := []struct {
		v    Verdict
		want string
	}{
		{Unknown, "unknown"},
		{Won, "won"},
		{Lost, "lost"},
		{Verdict(9), "unknown"},
	}
	for _, tt := range tests {
		if got := tt.v.String(); got != tt.want {
			t.Errorf("Verdict(%d).String(): got %q, want %q", uint8(tt.v), got, tt.want)
		}
	}
}

func TestOrDefault(t *testing.T) {
	if got := OrDefault(int64(0), DefaultMaxNodes); got != DefaultMaxNodes {
		t.Errorf("OrDefault(0): got %d, want %d", got, DefaultMaxNodes)
	}
	if got := OrDefault(int64(-5), 7); got != 7 {
		t.Errorf("OrDefault(-5, 7): got %d, want 7", got)
	}
	if got := OrDefault(int64(3), 7); got != 3 {
		t.Errorf("OrDefault(3, 7): got %d, want 3", got)
	}
	if got := OrDefault(time.Duration(0), DefaultTimeout); got != DefaultTimeout {
		t.Errorf("OrDefault(0s): got %v, want %v", got, DefaultTimeout)
	}
	if got := OrDefault(2*time.Second, DefaultTimeout); got != 2*time.Second {
		t.Errorf("OrDefault(2s): got %v, want 2s", got)
	}
}

func TestBudgetWithDefaults(t *testing.T) {
	tests := []struct {
		b, want Budget
	}{
		{Budget{}, Budget{MaxNodes: DefaultMaxNodes, Timeout: DefaultTimeout, MaxMemory: DefaultMaxMemory}},
		{Budget{MaxNodes: -1, Timeout: -time.Second}, Budget{MaxNodes: DefaultMaxNodes, Timeout: DefaultTimeout, MaxMemory: DefaultMaxMemory}},
		{Budget{MaxNodes: 5, Timeout: time.Second, MaxMemory: 1}, Budget{MaxNodes: 5, Timeout: time.Second, MaxMemory: 1}},
		{Budget{Timeout: time.Second}, Budget{MaxNodes: DefaultMaxNodes, Timeout: time.Second, MaxMemory: DefaultMaxMemory}},
	}
	for _, tt := range tests {
		if got := tt.b.WithDefaults(); got != tt.want {
			t.Errorf("%+v.WithDefaults(): got %+v, want %+v", tt.b, got, tt.want)
		}
	}
}
