package transport

import (
	"bytes"
	"encoding/binary"
	"io"
	"net"
	"testing"
)

// maskedFrame returns a client frame: first byte b0, payload p masked
// with key, its length in the shortest form.
func maskedFrame(b0 byte, p []byte, key [4]byte) []byte {
	b := []byte{b0}
	if len(p) < 126 {
		b = append(b, 0x80|byte(len(p)))
	} else {
		b = append(b, 0x80|126)
		b = binary.BigEndian.AppendUint16(b, uint16(len(p)))
	}
	b = append(b, key[:]...)
	for i, c := range p {
		b = append(b, c^key[i%4])
	}
	return b
}

// TestSockReaderTakeFrame takes whole message frames from the bytes
// waiting, unmasked, and leaves every other frame to coder/websocket.
func TestSockReaderTakeFrame(t *testing.T) {
	key := [4]byte{0x12, 0x34, 0x56, 0x78}
	long := bytes.Repeat([]byte("0123456789"), 30)
	tests := []struct {
		name   string
		stream []byte
		text   bool
		ok     bool
		want   []byte
	}{
		{"text", maskedFrame(0x81, []byte(`{"type":"move"}`), key), true, true, []byte(`{"type":"move"}`)},
		{"binary", maskedFrame(0x82, []byte{0, 1, 2}, key), false, true, []byte{0, 1, 2}},
		{"empty", maskedFrame(0x81, nil, key), true, true, []byte{}},
		{"16-bit length", maskedFrame(0x81, long, key), true, true, long},
		{"over the read limit", maskedFrame(0x81, append(long, long...), key), false, false, nil},
		{"ping", maskedFrame(0x89, []byte("p"), key), false, false, nil},
		{"close", maskedFrame(0x88, []byte{3, 232}, key), false, false, nil},
		{"fragment", maskedFrame(0x01, []byte("part"), key), false, false, nil},
		{"continuation", maskedFrame(0x80, []byte("part"), key), false, false, nil},
		{"extension bit", maskedFrame(0xC1, []byte("x"), key), false, false, nil},
		{"unmasked", []byte{0x81, 0x02, 'h', 'i'}, false, false, nil},
		{"header cut", maskedFrame(0x81, long, key)[:3], false, false, nil},
		{"payload cut", maskedFrame(0x81, []byte("hello"), key)[:8], false, false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			client, _ := net.Pipe()
			defer client.Close()
			s := newSockReader(client, bytes.Clone(tt.stream))
			var buf bytes.Buffer
			text, ok := s.takeFrame(&buf, 500)
			if ok != tt.ok || text != tt.text {
				t.Fatalf("got text %v ok %v, want %v %v", text, ok, tt.text, tt.ok)
			}
			if !ok {
				if buf.Len() != 0 || s.r != 0 {
					t.Fatalf("got %d bytes taken, %d written, want none", s.r, buf.Len())
				}
				return
			}
			if !bytes.Equal(buf.Bytes(), tt.want) {
				t.Fatalf("got payload %q, want %q", buf.Bytes(), tt.want)
			}
			if s.buf != nil {
				t.Fatal("the emptied buffer is held, want it given back")
			}
		})
	}
}

// TestSockReaderTakeFrameUnmask takes frames of every length up to 40
// bytes, one after the other from one buffer, under a changing key.
func TestSockReaderTakeFrameUnmask(t *testing.T) {
	var stream []byte
	var want [][]byte
	for n := range 41 {
		p := make([]byte, n)
		for i := range p {
			p[i] = byte(n*7 + i)
		}
		stream = append(stream, maskedFrame(0x82, p, [4]byte{byte(n), 0xA5, byte(n * 3), 0x5A})...)
		want = append(want, p)
	}
	client, _ := net.Pipe()
	defer client.Close()
	s := newSockReader(client, stream)
	for n, w := range want {
		var buf bytes.Buffer
		if _, ok := s.takeFrame(&buf, 4096); !ok {
			t.Fatalf("frame of %d bytes not taken", n)
		}
		if !bytes.Equal(buf.Bytes(), w) {
			t.Fatalf("frame of %d bytes: got %x, want %x", n, buf.Bytes(), w)
		}
	}
	if s.buf != nil {
		t.Fatal("the emptied buffer is held, want it given back")
	}
}

// TestSockReaderTakeFrameMidFrame leaves a frame to coder/websocket once
// a Read has handed out part of it.
func TestSockReaderTakeFrameMidFrame(t *testing.T) {
	client, _ := net.Pipe()
	defer client.Close()
	stream := maskedFrame(0x81, []byte("hello"), [4]byte{1, 2, 3, 4})
	s := newSockReader(client, append(stream, stream...))
	if n, err := s.Read(make([]byte, 1)); n != 1 || err != nil {
		t.Fatalf("read: %d, %v", n, err)
	}
	var buf bytes.Buffer
	if _, ok := s.takeFrame(&buf, 4096); ok {
		t.Fatal("took a frame coder/websocket had begun to read")
	}
	rest := make([]byte, len(stream)-1)
	if n, err := io.ReadFull(s, rest); n != len(rest) || err != nil {
		t.Fatalf("read: %d, %v", n, err)
	}
	if _, ok := s.takeFrame(&buf, 4096); !ok || buf.String() != "hello" {
		t.Fatalf("got %q, ok %v after the frame, want the next", buf.String(), ok)
	}
}

// FuzzSockReaderTakeFrame: whatever bytes a client sends, takeFrame
// either takes nothing or takes exactly one final masked text or binary
// frame within the limit from the start of them, unmasked, and leaves
// the bytes after it waiting.
func FuzzSockReaderTakeFrame(f *testing.F) {
	key := [4]byte{9, 8, 7, 6}
	f.Add(maskedFrame(0x81, []byte(`{"type":"move"}`), key))
	f.Add(maskedFrame(0x82, bytes.Repeat([]byte{1}, 200), key))
	f.Add(append(maskedFrame(0x81, []byte("a"), key), maskedFrame(0x88, []byte{3, 232}, key)...))
	f.Add([]byte{0x81, 0xFF, 0, 0, 0, 0, 0, 0, 0, 1})
	f.Add([]byte{0x81, 0xFE, 0xFF})
	const limit = 300
	f.Fuzz(func(t *testing.T, in []byte) {
		client, _ := net.Pipe()
		defer client.Close()
		s := newSockReader(client, bytes.Clone(in))
		var buf bytes.Buffer
		text, ok := s.takeFrame(&buf, limit)
		if !ok {
			if buf.Len() != 0 || s.r != 0 {
				t.Fatalf("not taken, yet %d bytes read and %d written", s.r, buf.Len())
			}
			return
		}
		if in[0] != 0x81 && in[0] != 0x82 || in[1]&0x80 == 0 || text != (in[0] == 0x81) {
			t.Fatalf("took a frame starting %x %x (text %v)", in[0], in[1], text)
		}
		n, hl := int(in[1]&0x7F), 2
		if n == 126 {
			n, hl = int(binary.BigEndian.Uint16(in[2:])), 4
		}
		if n > limit || buf.Len() != n {
			t.Fatalf("took %d bytes for a frame of %d (limit %d)", buf.Len(), n, limit)
		}
		for i, c := range buf.Bytes() {
			if c != in[hl+4+i]^in[hl+i%4] {
				t.Fatalf("payload byte %d unmasked wrong", i)
			}
		}
		rest := in[hl+4+n:]
		if len(rest) == 0 {
			if s.buf != nil {
				t.Fatal("the emptied buffer is held")
			}
		} else if !bytes.Equal((*s.buf)[s.r:s.w], rest) {
			t.Fatal("the bytes after the frame are not left waiting")
		}
	})
}
