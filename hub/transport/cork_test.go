package transport

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/coder/websocket"
)

// TestCloseAnsweredBehindMessage: a client that sends a message and a
// close frame in one write gets a close frame back on every connection
// (RFC 6455, section 5.5.1). The server answers the message with a batch
// of frames that another goroutine writes, and its reader goes on to the
// close while that batch is open (the socket corked): coder/websocket
// writes its answer into the batch, then closes the socket.
func TestCloseAnsweredBehindMessage(t *testing.T) {
	parallel(t)
	ctx := testCtx(t)
	s := newTestServer(t, Config{SendQueue: 1024}, 0, func(c *Conn, _ bool, b []byte) bool {
		b = bytes.Clone(b)
		c.Hold()
		for range 400 {
			c.Send(b)
		}
		go c.Flush()
		for !c.bc.isCorked() && c.Stats().Queued > 0 {
			runtime.Gosched()
		}
		return true
	})
	go func() { // the served connections end on their own
		for {
			select {
			case <-s.conns:
			case <-ctx.Done():
				return
			}
		}
	}()
	const conns, workers = 300, 4
	burst := append(clientFrame(0x1, []byte(`{"type":"ping"}`)),
		clientFrame(0x8, binary.BigEndian.AppendUint16(nil, uint16(websocket.StatusNormalClosure)))...)
	var mu sync.Mutex
	var lost []string
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < conns; i += workers {
				if err := closeBehindMessage(ctx, s, burst); err != nil {
					mu.Lock()
					lost = append(lost, fmt.Sprintf("connection %d: %v", i, err))
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	if len(lost) > 0 {
		t.Errorf("got no close 1000 back on %d of %d connections, want one on each; first: %s", len(lost), conns, lost[0])
	}
}

// closeBehindMessage connects to s, sends burst in one write and reads
// until the server ends the connection: it returns an error unless a
// close frame with code 1000 came, and nothing after it.
func closeBehindMessage(ctx context.Context, s *testServer, burst []byte) error {
	nc, br, err := upgradeRaw(ctx, s)
	if err != nil {
		return err
	}
	defer nc.Close()
	if _, err := nc.Write(burst); err != nil {
		return err
	}
	for {
		op, payload, err := readServerFrame(br)
		if err != nil {
			return fmt.Errorf("connection ended without a close frame: %w", err)
		}
		if op == 0x8 {
			if len(payload) < 2 || websocket.StatusCode(binary.BigEndian.Uint16(payload)) != websocket.StatusNormalClosure {
				return fmt.Errorf("got close payload %q, want code 1000", payload)
			}
			if op, _, err := readServerFrame(br); err == nil {
				return fmt.Errorf("got a frame of opcode %d after the close frame, want none", op)
			}
			return nil
		}
	}
}

// upgradeRaw opens a TCP connection to s and does the WebSocket handshake
// by hand; the connection's reads and writes end with ctx's deadline.
func upgradeRaw(ctx context.Context, s *testServer) (net.Conn, *bufio.Reader, error) {
	addr := strings.TrimPrefix(s.url, "ws://")
	var d net.Dialer
	nc, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, nil, err
	}
	if dl, ok := ctx.Deadline(); ok {
		_ = nc.SetDeadline(dl)
	}
	req := "GET / HTTP/1.1\r\nHost: " + addr + "\r\n" +
		"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n" +
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
	if _, err := io.WriteString(nc, req); err != nil {
		nc.Close()
		return nil, nil, err
	}
	br := bufio.NewReader(nc)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		nc.Close()
		return nil, nil, err
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		nc.Close()
		return nil, nil, fmt.Errorf("got status %d, want 101", resp.StatusCode)
	}
	return nc, br, nil
}

// clientFrame returns a final client frame of opcode op with payload p,
// masked as a client's must be (with a zero key, which leaves p as is).
func clientFrame(op byte, p []byte) []byte {
	b := []byte{0x80 | op}
	switch {
	case len(p) < 126:
		b = append(b, 0x80|byte(len(p)))
	default:
		b = append(b, 0x80|126)
		b = binary.BigEndian.AppendUint16(b, uint16(len(p)))
	}
	b = append(b, 0, 0, 0, 0)
	return append(b, p...)
}

// readServerFrame reads one unmasked frame and returns its opcode and
// payload.
func readServerFrame(br *bufio.Reader) (op byte, payload []byte, err error) {
	var head [2]byte
	if _, err := io.ReadFull(br, head[:]); err != nil {
		return 0, nil, err
	}
	size := uint64(head[1] & 0x7F)
	switch size {
	case 126:
		var ext [2]byte
		if _, err := io.ReadFull(br, ext[:]); err != nil {
			return 0, nil, err
		}
		size = uint64(binary.BigEndian.Uint16(ext[:]))
	case 127:
		var ext [8]byte
		if _, err := io.ReadFull(br, ext[:]); err != nil {
			return 0, nil, err
		}
		size = binary.BigEndian.Uint64(ext[:])
	}
	if size > 1<<20 {
		return 0, nil, fmt.Errorf("frame of %d bytes", size)
	}
	payload = make([]byte, size)
	if _, err := io.ReadFull(br, payload); err != nil {
		return 0, nil, err
	}
	return head[0] & 0x0F, payload, nil
}

// isCorked reports whether a batch is open.
func (bc *batchConn) isCorked() bool {
	bc.mu.Lock()
	defer bc.mu.Unlock()
	return bc.corked
}
