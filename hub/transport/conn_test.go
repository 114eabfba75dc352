package transport

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// served is one connection a test server accepted.
type served struct {
	c    *Conn
	done chan struct{} // closed when the reading is over and End has returned
}

// testServer serves connections with cfg, handing each frame to handle
// (an echo when nil), and passes them to the test on conns.
type testServer struct {
	url   string
	conns chan served
}

// newTestServer starts a test server. With sndbuf > 0 the server's socket
// send buffers are that small (Config.SocketBuffer), so that a client
// that does not read is found out after a few kilobytes.
func newTestServer(t *testing.T, cfg Config, sndbuf int, handle func(c *Conn, text bool, b []byte) bool) *testServer {
	t.Helper()
	if sndbuf > 0 {
		cfg.SocketBuffer = sndbuf
	}
	if handle == nil {
		handle = func(c *Conn, text bool, b []byte) bool {
			c.Send(bytes.Clone(b))
			return true
		}
	}
	s := &testServer{conns: make(chan served, 8)}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := Accept(context.Background(), w, r, cfg)
		if err != nil {
			return
		}
		sv := served{c: c, done: make(chan struct{})}
		s.conns <- sv
		go func() {
			defer close(sv.done)
			readLoop(c, func(text bool, b []byte) bool { return handle(c, text, b) })
			c.End()
		}()
	}))
	srv.Start()
	t.Cleanup(srv.Close)
	s.url = "ws" + strings.TrimPrefix(srv.URL, "http")
	return s
}

// dial connects a client whose socket receive buffer holds rcvbuf bytes
// (0: the system's default). The client reads only when the test does.
func (s *testServer) dial(ctx context.Context, t *testing.T, rcvbuf int) (*websocket.Conn, served) {
	t.Helper()
	opts := &websocket.DialOptions{}
	if rcvbuf > 0 {
		d := &net.Dialer{}
		opts.HTTPClient = &http.Client{Transport: &http.Transport{
			DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
				nc, err := d.DialContext(ctx, network, addr)
				if tc, ok := nc.(*net.TCPConn); ok {
					_ = tc.SetReadBuffer(rcvbuf)
				}
				return nc, err
			},
		}}
	}
	ws, _, err := websocket.Dial(ctx, s.url, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.CloseNow() })
	ws.SetReadLimit(64 << 20)
	select {
	case sv := <-s.conns:
		return ws, sv
	case <-ctx.Done():
		t.Fatal("no connection accepted")
		return nil, served{}
	}
}

// testCtx is a context for one test: every wait in these tests ends with
// an event well before it.
func testCtx(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// waitDone waits for a served connection to end.
func waitDone(ctx context.Context, t *testing.T, sv served) {
	t.Helper()
	select {
	case <-sv.done:
	case <-ctx.Done():
		t.Fatal("connection did not end")
	}
}

// TestCloseDropsQueued closes with frames waiting: the client gets the
// close code, the context ends at once, the outbox is emptied and Send
// refuses frames; Done is closed once End has returned.
func TestCloseDropsQueued(t *testing.T) {
	ctx := testCtx(t)
	s := newTestServer(t, Config{}, 0, nil)
	ws, sv := s.dial(ctx, t, 0)
	c := sv.c
	for range 100 {
		c.Send([]byte("frame"))
	}
	c.Close(websocket.StatusServiceRestart, "restart")
	if c.Context().Err() == nil {
		t.Error("context alive after Close")
	}
	if c.Send([]byte("late")) {
		t.Error("Send after Close queued a frame")
	}
	for {
		_, b, err := ws.Read(ctx)
		if err != nil {
			if code := websocket.CloseStatus(err); code != websocket.StatusServiceRestart {
				t.Fatalf("read: %v (code %d), want close %d", err, code, websocket.StatusServiceRestart)
			}
			break
		}
		if string(b) != "frame" {
			t.Fatalf("got frame %q, want %q", b, "frame")
		}
	}
	waitDone(ctx, t, sv)
	if st := c.Stats(); st.Queued != 0 || st.QueuedBytes != 0 || st.Writing {
		t.Errorf("got stats %+v after the end, want nothing queued and no writer", st)
	}
	select {
	case <-c.Done():
	default:
		t.Error("Done not closed after End")
	}
}

// TestContextEndsWithParent ends the context given to Accept: the
// connection's context ends too.
func TestContextEndsWithParent(t *testing.T) {
	ctx := testCtx(t)
	parent, cancel := context.WithCancel(ctx)
	conns := make(chan *Conn, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := Accept(parent, w, r, Config{})
		if err != nil {
			return
		}
		conns <- c
		readLoop(c, func(bool, []byte) bool { return true })
		c.End()
	}))
	defer srv.Close()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	c := <-conns
	cancel()
	select {
	case <-c.Context().Done():
	case <-ctx.Done():
		t.Fatal("connection's context alive after its parent ended")
	}
	c.CloseNow()
}

// readLoop runs c.Serve and returns when the reading is over.
func readLoop(c *Conn, handle func(text bool, b []byte) bool) {
	over := make(chan struct{})
	c.Serve(handle, func() { close(over) })
	<-over
}
