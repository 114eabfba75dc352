package hub

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestSlowClientDropped fills the send queue of a client that never reads
// and checks that enqueue never blocks and the connection is closed.
func TestSlowClientDropped(t *testing.T) {
	h, err := New(Config{SendQueue: 4, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h.Handler())
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	var c *conn
	for c == nil {
		h.mu.Lock()
		for x := range h.conns {
			c = x
		}
		h.mu.Unlock()
		if c == nil {
			select {
			case <-ctx.Done():
				t.Fatal("no connection registered")
			case <-time.After(time.Millisecond):
			}
		}
	}
	big := make([]byte, 1<<20)
	start := time.Now()
	for range 64 { // 64 MiB: far more than socket buffers hold
		c.enqueue(big)
		if c.ctx.Err() != nil {
			break
		}
	}
	if c.ctx.Err() == nil {
		t.Fatal("connection still open after its queue overflowed")
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("enqueue blocked for %v", d)
	}
}
