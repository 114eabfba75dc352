package transport

import (
	"bufio"
	"encoding/binary"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestFrameAfterHandshake sends a frame in the same packet as the upgrade
// request: the bytes net/http read past the request must reach the
// connection (the hijacker hands them over), which echoes the frame.
func TestFrameAfterHandshake(t *testing.T) {
	s := newTestServer(t, Config{}, 0, nil)
	nc, req := dialRaw(t, s)
	_ = nc.SetDeadline(time.Now().Add(20 * time.Second))
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
		t.Fatalf("got status %d, want 101", resp.StatusCode)
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
	if string(body) != string(payload) {
		t.Errorf("got %q, want %q", body, payload)
	}
}

// dialRaw opens a TCP connection to s, closed at the test's end, and
// returns it with a WebSocket upgrade request for it to send.
func dialRaw(t *testing.T, s *testServer) (net.Conn, string) {
	t.Helper()
	addr := strings.TrimPrefix(s.url, "ws://")
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nc.Close() })
	return nc, "GET / HTTP/1.1\r\nHost: " + addr + "\r\n" +
		"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n" +
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
}
