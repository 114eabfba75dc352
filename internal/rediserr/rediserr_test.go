package rediserr

import (
	"context"
	"errors"
	"net"
	"testing"

	"github.com/redis/go-redis/v9"
)

func TestUnavailable(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"network", &net.OpError{Op: "dial", Err: errors.New("connection refused")}, true},
		{"closed client", redis.ErrClosed, true},
		{"deadline", context.DeadlineExceeded, true},
		{"loading", replyErr("LOADING Redis is loading the dataset in memory"), true},
		{"busy script", replyErr("BUSY Redis is busy running a script"), true},
		{"read only", replyErr("READONLY You can't write against a read only replica."), true},
		{"script error", replyErr("ERR user_script:1: bad argument"), false},
		{"wrong type", replyErr("WRONGTYPE Operation against a key holding the wrong kind of value"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Unavailable(tt.err); got != tt.want {
				t.Errorf("Unavailable(%v) = %v, want %v", tt.err, got, tt.want)
			}
		})
	}
}

// replyErr is an error reply of a Redis server, as go-redis returns one.
type replyErr string

func (e replyErr) Error() string { return string(e) }
func (replyErr) RedisError()     {}

var _ redis.Error = replyErr("")
