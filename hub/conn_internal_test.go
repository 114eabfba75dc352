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
	dto "github.com/prometheus/client_model/go"
)

// TestSlowClientClosed gives a connection more than its send buffer
// holds: the frame is refused without blocking, the client is told 1008,
// and the hub counts a slow client.
func TestSlowClientClosed(t *testing.T) {
	t.Parallel()
	h, err := New(Config{SendBuffer: 64 << 10, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
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
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
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
			case <-tick.C:
			}
		}
	}
	c.enqueue(make([]byte, 65<<10))
	if c.ctx.Err() == nil {
		t.Fatal("connection still open after its send buffer overflowed")
	}
	_, _, err = ws.Read(ctx)
	if code := websocket.CloseStatus(err); code != websocket.StatusPolicyViolation {
		t.Errorf("read: %v (code %d), want close 1008", err, code)
	}
	var m dto.Metric
	if err := h.met.slowClosed.Write(&m); err != nil {
		t.Fatal(err)
	}
	if got := m.GetCounter().GetValue(); got != 1 {
		t.Errorf("got %v slow clients counted, want 1", got)
	}
}
