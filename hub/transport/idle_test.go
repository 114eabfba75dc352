package transport

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"runtime"
	"runtime/debug"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// tcpPair returns the two ends of a TCP connection on the loopback.
func tcpPair(t *testing.T) (client, server net.Conn) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	client, err = net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	server, err = ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close(); server.Close() })
	return client, server
}

// TestSockReader reads a stream written in pieces of random sizes with
// reads of random sizes, on a TCP socket (read through its raw
// connection) and on a pipe (read through net.Conn): the bytes come
// whole and in order after the pending ones, no buffer is held once the
// bytes read are taken, and the end of the stream reads as io.EOF.
func TestSockReader(t *testing.T) {
	for _, raw := range []bool{true, false} {
		name := "pipe"
		if raw {
			name = "tcp"
		}
		t.Run(name, func(t *testing.T) {
			var client, server net.Conn
			if raw {
				client, server = tcpPair(t)
			} else {
				client, server = net.Pipe()
				t.Cleanup(func() { client.Close(); server.Close() })
			}
			rng := rand.New(rand.NewPCG(1, 2))
			pending := []byte("pending bytes")
			stream := make([]byte, 20_000)
			for i := range stream {
				stream[i] = byte(rng.IntN(256))
			}
			go func() {
				wrng := rand.New(rand.NewPCG(3, 4))
				for rest := stream; len(rest) > 0; {
					n := min(1+wrng.IntN(3000), len(rest))
					if _, err := client.Write(rest[:n]); err != nil {
						return
					}
					rest = rest[n:]
				}
				client.Close()
			}()
			s := newSockReader(server, bytes.Clone(pending))
			if (s.rc != nil) != raw {
				t.Fatalf("raw access %v, want %v", s.rc != nil, raw)
			}
			var got []byte
			p := make([]byte, 4096)
			for {
				if err := s.wait(); err != nil {
					if !errors.Is(err, io.EOF) {
						t.Fatalf("wait: %v, want io.EOF", err)
					}
					break
				}
				n, err := s.Read(p[:1+rng.IntN(len(p))])
				if err != nil {
					t.Fatalf("read after wait: %v", err)
				}
				got = append(got, p[:n]...)
				if s.buf != nil && s.r == s.w {
					t.Fatal("an emptied buffer is held")
				}
			}
			if want := append(pending, stream...); !bytes.Equal(got, want) {
				t.Fatalf("got %d bytes, want %d, the same", len(got), len(want))
			}
			if s.buf != nil {
				t.Error("a buffer is held at the end of the stream")
			}
			if _, err := s.Read(p); !errors.Is(err, io.EOF) {
				t.Errorf("read at the end: %v, want io.EOF", err)
			}
		})
	}
}

// TestSockReaderDeadline: a read deadline ends a wait on the raw
// connection with os.ErrDeadlineExceeded, as it ends a read.
func TestSockReaderDeadline(t *testing.T) {
	_, server := tcpPair(t)
	s := newSockReader(server, nil)
	_ = server.SetReadDeadline(time.Now().Add(-time.Second))
	if err := s.wait(); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("wait past the deadline: %v, want os.ErrDeadlineExceeded", err)
	}
	if s.buf != nil {
		t.Error("a buffer is held after a failed read")
	}
}

// deepFrame recurses through n frames of a kilobyte each: what a deep
// handler grows its goroutine's stack to.
//
//go:noinline
func deepFrame(n int) byte {
	var a [1024]byte
	a[n%len(a)] = byte(n)
	if n == 0 {
		return a[0]
	}
	return deepFrame(n-1) + a[(n*7)%len(a)]
}

// TestFreshStack: connections whose handler grew the reader's stack to
// some 64 KB and called FreshStack wait for their next frame with a small
// stack; without FreshStack they keep the grown one. The collector is
// off, so that no stack shrinks and the size new goroutines start with
// stays.
func TestFreshStack(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	const conns = 40
	perConn := map[bool]int64{}
	for _, fresh := range []bool{false, true} {
		ctx := testCtx(t)
		s := newTestServer(t, Config{}, 0, func(c *Conn, text bool, b []byte) bool {
			if string(b) == "deep" {
				deepFrame(60)
				if fresh {
					c.FreshStack()
				}
			}
			c.Send(bytes.Clone(b))
			return true
		})
		roundTrip := func(ws *websocket.Conn, msg string) {
			if err := ws.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
				t.Fatal(err)
			}
			if _, b, err := ws.Read(ctx); err != nil || string(b) != msg {
				t.Fatalf("echo of %q: %q, %v", msg, b, err)
			}
		}
		var wss []*websocket.Conn
		for range conns {
			ws, _ := s.dial(ctx, t, 0)
			roundTrip(ws, "hello")
			wss = append(wss, ws)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for _, ws := range wss {
			roundTrip(ws, "deep")
			// A shallow frame after it: its answer comes once the deep
			// one's handler has returned.
			roundTrip(ws, "shallow")
		}
		runtime.ReadMemStats(&after)
		perConn[fresh] = (int64(after.StackInuse) - int64(before.StackInuse)) / conns
		for _, ws := range wss {
			ws.CloseNow()
		}
	}
	t.Logf("stack grown per connection: %d bytes kept, %d bytes with FreshStack", perConn[false], perConn[true])
	if perConn[false] < 32<<10 {
		t.Errorf("without FreshStack a connection keeps %d bytes more stack, want its handler's 64 KB", perConn[false])
	}
	if perConn[true] > 8<<10 {
		t.Errorf("with FreshStack a connection keeps %d bytes more stack, want a small one", perConn[true])
	}
}

// TestSockReaderFrameEnds writes client frames of every header length at
// once and reads them with large reads: no read hands out bytes past the
// end of a frame, so the bufio.Reader above never holds part of the next.
func TestSockReaderFrameEnds(t *testing.T) {
	client, server := tcpPair(t)
	var stream []byte
	var ends []int
	for _, size := range []int{0, 1, 125, 126, 1000, 65535, 70000, 3, 0} {
		h := []byte{0x81, 0x80}
		switch {
		case size < 126:
			h[1] |= byte(size)
		case size <= 0xFFFF:
			h[1] |= 126
			h = binary.BigEndian.AppendUint16(h, uint16(size))
		default:
			h[1] |= 127
			h = binary.BigEndian.AppendUint64(h, uint64(size))
		}
		h = append(h, 1, 2, 3, 4) // the mask key
		stream = append(append(stream, h...), make([]byte, size)...)
		ends = append(ends, len(stream))
	}
	go func() {
		_, _ = client.Write(stream)
		client.Close()
	}()
	s := newSockReader(server, nil)
	p := make([]byte, 8192)
	off := 0
	for {
		n, err := s.Read(p)
		if err != nil {
			if !errors.Is(err, io.EOF) {
				t.Fatal(err)
			}
			break
		}
		for _, e := range ends {
			if off < e && e < off+n {
				t.Fatalf("a read of bytes %d to %d crosses the frame end at %d", off, off+n, e)
			}
		}
		off += n
	}
	if off != len(stream) {
		t.Fatalf("read %d bytes, want %d", off, len(stream))
	}
}

// TestCloseSilentClient closes a connection whose client never answers
// nor sends a byte: the close's wait for the client's close frame, which
// reads beside the reader parked in sockReader.wait, ends within
// coder/websocket's 5 s bound and the connection ends.
func TestCloseSilentClient(t *testing.T) {
	if testing.Short() {
		t.Skip("waits out coder/websocket's 5 s close handshake")
	}
	ctx := testCtx(t)
	s := newTestServer(t, Config{}, 0, nil)
	nc, req := dialRaw(t, s)
	if _, err := nc.Write([]byte(req)); err != nil {
		t.Fatal(err)
	}
	var sv served
	select {
	case sv = <-s.conns:
	case <-ctx.Done():
		t.Fatal("no connection accepted")
	}
	start := time.Now()
	sv.c.Close(websocket.StatusServiceRestart, "restart")
	waitDone(ctx, t, sv)
	if d := time.Since(start); d > 8*time.Second {
		t.Errorf("the connection ended %v after Close, want within coder/websocket's 5 s", d)
	}
}
