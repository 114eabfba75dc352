package broker

import (
	"errors"
	"testing"
)

func TestRequireVersion(t *testing.T) {
	tests := []struct {
		info string
		old  bool
	}{
		{"# Server\r\nredis_version:7.0.15\r\nredis_mode:cluster\r\n", false},
		{"# Server\r\nredis_version:7.2.4\r\n", false},
		{"# Server\r\nredis_version:8.0.2\r\n", false},
		{"# Server\r\nredis_version:6.2.14\r\n", true},
		{"# Server\r\nredis_version:5.0.7\r\n", true},
		{"# Server\r\n", true}, // no version: not a Redis we know
	}
	for _, tt := range tests {
		err := requireVersion(tt.info, "127.0.0.1:6379")
		if got := errors.Is(err, ErrOldRedis); got != tt.old {
			t.Errorf("requireVersion(%q) = %v, want old %v", tt.info, err, tt.old)
		}
	}
}
