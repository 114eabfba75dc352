package hub

import (
	"bufio"
	"context"
	"encoding/binary"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// newWriteTestHub serves a hub for the write-side tests.
func newWriteTestHub(t *testing.T, cfg Config) (*Hub, *httptest.Server) {
	t.Helper()
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	h, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h.Handler())
	t.Cleanup(srv.Close)
	return h, srv
}

// onlyConn waits for the hub's one connection.
func onlyConn(ctx context.Context, t *testing.T, h *Hub) *conn {
	t.Helper()
	for {
		h.mu.Lock()
		for c := range h.conns {
			h.mu.Unlock()
			return c
		}
		h.mu.Unlock()
		select {
		case <-ctx.Done():
			t.Fatal("no connection registered")
		case <-time.After(time.Millisecond):
		}
	}
}

// TestBatchesKeepOrder queues frames faster than the writer writes them,
// from two goroutines, then closes after them: every frame arrives once,
// in its goroutine's order, before the close code, and the writer is gone
// once the outbox is empty.
func TestBatchesKeepOrder(t *testing.T) {
	h, srv := newWriteTestHub(t, Config{SendQueue: 10_000})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	c := onlyConn(ctx, t, h)
	const n = 2000
	done := make(chan struct{})
	for g := range 2 {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := range n {
				c.enqueue([]byte(strconv.Itoa(g) + ":" + strconv.Itoa(i)))
			}
		}()
	}
	<-done
	<-done
	c.closeAfterFlush(websocket.StatusNormalClosure, "done")
	c.enqueue([]byte("after the close"))
	next := [2]int{}
	for {
		_, b, err := ws.Read(ctx)
		if err != nil {
			if code := websocket.CloseStatus(err); code != websocket.StatusNormalClosure {
				t.Fatalf("read: %v (close code %d), want %d", err, code, websocket.StatusNormalClosure)
			}
			break
		}
		g, i, ok := strings.Cut(string(b), ":")
		gi, _ := strconv.Atoi(g)
		ii, _ := strconv.Atoi(i)
		if !ok || gi > 1 || ii != next[gi] {
			t.Fatalf("got frame %q, want %d:%d", b, gi, next[gi])
		}
		next[gi]++
	}
	if next != [2]int{n, n} {
		t.Fatalf("got %v frames, want %d of each", next, n)
	}
	for {
		c.outMu.Lock()
		writing := c.writing
		c.outMu.Unlock()
		if !writing {
			break
		}
		select {
		case <-ctx.Done():
			t.Fatal("writer still running after the close")
		case <-time.After(time.Millisecond):
		}
	}
}

// TestFrameAfterHandshake sends a frame in the same packet as the upgrade
// request: the bytes net/http read past the request must reach the
// connection (the hijacker hands them over).
func TestFrameAfterHandshake(t *testing.T) {
	_, srv := newWriteTestHub(t, Config{})
	nc, err := net.Dial("tcp", strings.TrimPrefix(srv.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	_ = nc.SetDeadline(time.Now().Add(20 * time.Second))
	req := "GET /ws HTTP/1.1\r\nHost: " + strings.TrimPrefix(srv.URL, "http://") + "\r\n" +
		"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n" +
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
	payload := []byte(`{"type":"ping"}`)
	frame := []byte{0x81, 0x80 | byte(len(payload)), 1, 2, 3, 4} // text, fin, masked
	for i, b := range payload {
		frame = append(frame, b^[4]byte{1, 2, 3, 4}[i%4])
	}
	if _, err := nc.Write(append([]byte(req), frame...)); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(nc)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("status %d, want 101", resp.StatusCode)
	}
	var head [2]byte
	if _, err := io.ReadFull(br, head[:]); err != nil {
		t.Fatal(err)
	}
	size := int(head[1] & 0x7F)
	if size == 126 {
		var ext [2]byte
		if _, err := io.ReadFull(br, ext[:]); err != nil {
			t.Fatal(err)
		}
		size = int(binary.BigEndian.Uint16(ext[:]))
	}
	body := make([]byte, size)
	if _, err := io.ReadFull(br, body); err != nil {
		t.Fatal(err)
	}
	if want := string(pongFrame); string(body) != want {
		t.Errorf("got %q, want %q", body, want)
	}
}
