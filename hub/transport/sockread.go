package transport

import (
	"bytes"
	"encoding/binary"
	"io"
	"net"
	"os"
	"sync"
	"syscall"
)

// readBufSize is the size of the buffers a connection reads the socket
// into. Client frames are small; a burst of them takes a few reads.
const readBufSize = 1024

// readBufs holds the buffers connections read into: a connection borrows
// one while bytes it has read wait in it, so an idle connection holds
// none.
var readBufs = sync.Pool{New: func() any { b := make([]byte, readBufSize); return &b }}

// sockReader is what coder/websocket's bufio.Reader (a small one) reads
// from: the bytes the client sent with its request, then the socket. It
// reads the socket into a buffer borrowed from readBufs and gives the
// buffer back once its bytes are taken. On a socket with raw access
// (syscall.Conn, as a TCP connection is) it waits for the client's bytes
// before it borrows the buffer; on another it holds the buffer through
// the read.
//
// A Read hands out no byte past the end of the frame it is in, so the
// bufio.Reader above holds nothing once coder/websocket has read a whole
// message: the reader goroutine can then wait for the next (wait) without
// looking into the bufio.Reader, which a close on another goroutine may be
// reading from.
//
// The reader goroutine takes a message frame that waits whole in the
// buffer itself (takeFrame) when no frame is part read: the bufio.Reader
// above then holds nothing, and the frames keep their order.
//
// Its reads are serialized: the reader goroutine's wait and takeFrame
// and coder/websocket's reads, which may come from a close on another
// goroutine, take mu.
type sockReader struct {
	nc net.Conn
	rc syscall.RawConn // nil: no raw access
	// rawRead is s.readRaw, made once: a closure per read would be an
	// allocation per read. It leaves its results in n and rerr.
	rawRead func(fd uintptr) bool
	n       int
	rerr    error

	mu   sync.Mutex
	buf  *[]byte // the bytes read and not yet taken are (*buf)[r:w]
	r, w int
	err  error // the read's error, once buf is taken
	// The frame being handed out: hn bytes of its header, in hdr, and
	// while in its payload, the payload's bytes still to go.
	hdr       [maxFrameHeader]byte
	hn        int
	inPayload bool
	left      uint64
}

// maxFrameHeader is the longest header of a client's frame: 2 bytes, an
// 8-byte length and a 4-byte mask key.
const maxFrameHeader = 14

func newSockReader(nc net.Conn, pending []byte) *sockReader {
	s := &sockReader{nc: nc}
	if sc, ok := nc.(syscall.Conn); ok {
		if rc, err := sc.SyscallConn(); err == nil {
			s.rc, s.rawRead = rc, s.readRaw
		}
	}
	if len(pending) > 0 {
		b := pending
		s.buf, s.w = &b, len(b)
	}
	return s
}

// Read reads what waits in the buffer, or the socket when nothing does.
func (s *sockReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.buf == nil {
		if err := s.fillLocked(); err != nil {
			return 0, err
		}
	}
	n := copy(p[:s.frameRoom(len(p))], (*s.buf)[s.r:s.w])
	s.taken((*s.buf)[s.r : s.r+n])
	s.r += n
	if s.r == s.w {
		s.releaseLocked()
	}
	return n, nil
}

// frameRoom returns how many of n bytes belong to the frame being handed
// out (to its header while that is incomplete). s.mu is held.
func (s *sockReader) frameRoom(n int) int {
	if s.inPayload {
		return int(min(uint64(n), s.left))
	}
	return min(n, headerLen(s.hdr[:s.hn])-s.hn)
}

// taken follows the frames through b, the bytes handed out. s.mu is held.
func (s *sockReader) taken(b []byte) {
	if s.inPayload {
		s.left -= uint64(len(b))
		s.inPayload = s.left > 0
		return
	}
	s.hn += copy(s.hdr[s.hn:], b)
	if h := s.hdr[:s.hn]; s.hn >= 2 && s.hn == headerLen(h) {
		s.hn, s.left = 0, payloadLen(h)
		s.inPayload = s.left > 0
	}
}

// headerLen returns the length of the frame header that starts with h
// (2 while h holds less than its first 2 bytes).
func headerLen(h []byte) int {
	if len(h) < 2 {
		return 2
	}
	n := 2
	switch h[1] & 0x7F {
	case 126:
		n += 2
	case 127:
		n += 8
	}
	if h[1]&0x80 != 0 {
		n += 4 // the mask key
	}
	return n
}

// payloadLen returns the payload length in the complete frame header h.
func payloadLen(h []byte) uint64 {
	switch l := h[1] & 0x7F; l {
	case 126:
		return uint64(binary.BigEndian.Uint16(h[2:]))
	case 127:
		return binary.BigEndian.Uint64(h[2:])
	default:
		return uint64(l)
	}
}

// takeFrame takes the message frame at the start of the bytes waiting
// when they hold it whole and it is the usual kind: final, masked (as a
// client's must be), without extension bits, of opcode text or binary,
// and of at most limit bytes. It appends its payload, unmasked, to dst
// and reports whether it took one (ok) and whether it is text. Any other
// frame (a control frame, a fragment, one not all read yet, one of which
// coder/websocket has read a part) it leaves to coder/websocket.
func (s *sockReader) takeFrame(dst *bytes.Buffer, limit int64) (text, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.buf == nil || s.hn != 0 || s.inPayload {
		return false, false
	}
	b := (*s.buf)[s.r:s.w]
	if len(b) < 2 || b[0]&0xF0 != 0x80 || b[1]&0x80 == 0 {
		return false, false // not final, extension bits, or not masked
	}
	op := b[0] & 0x0F
	if op != opText && op != opBinary {
		return false, false
	}
	n, hl := int64(b[1]&0x7F), 2
	switch n {
	case 126:
		if len(b) < 4 {
			return false, false
		}
		n, hl = int64(binary.BigEndian.Uint16(b[2:])), 4
	case 127:
		return false, false // past any read limit the hub sets
	}
	if n > limit || int64(len(b)-hl-4) < n {
		return false, false
	}
	key := b[hl : hl+4]
	p := b[hl+4 : hl+4+int(n)]
	dst.Grow(len(p))
	start := dst.Len()
	dst.Write(p)
	unmask(dst.Bytes()[start:], key)
	s.r += hl + 4 + int(n)
	if s.r == s.w {
		s.releaseLocked()
	}
	return op == opText, true
}

// Opcodes of the message frames (RFC 6455, section 5.2).
const (
	opText   = 0x1
	opBinary = 0x2
)

// unmask applies a client frame's masking key to its payload p.
func unmask(p, key []byte) {
	k := binary.LittleEndian.Uint32(key)
	k8 := uint64(k) | uint64(k)<<32
	i := 0
	for ; i+8 <= len(p); i += 8 {
		binary.LittleEndian.PutUint64(p[i:], binary.LittleEndian.Uint64(p[i:])^k8)
	}
	for ; i < len(p); i++ {
		p[i] ^= key[i&3]
	}
}

// wait returns once bytes wait in the buffer, or with the socket's error.
// The bytes stay for Read.
func (s *sockReader) wait() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.buf != nil {
		return nil
	}
	return s.fillLocked()
}

// fillLocked reads the socket into a borrowed buffer; at the end of the
// stream it returns io.EOF. s.mu is held and s.buf is nil.
func (s *sockReader) fillLocked() error {
	if s.err != nil {
		return s.err
	}
	var n int
	var err error
	if s.rc == nil {
		buf := readBufs.Get().(*[]byte)
		if n, err = s.nc.Read(*buf); n > 0 {
			s.buf, s.r, s.w = buf, 0, n
			s.err = err // returned once the bytes are taken
			return nil
		}
		readBufs.Put(buf)
	} else {
		err = s.rc.Read(s.rawRead)
		if s.buf != nil {
			return nil
		}
		if err == nil && s.rerr != nil {
			err = &net.OpError{Op: "read", Net: s.nc.LocalAddr().Network(), Source: s.nc.LocalAddr(),
				Addr: s.nc.RemoteAddr(), Err: os.NewSyscallError("read", s.rerr)}
		}
	}
	if err == nil {
		err = io.EOF
	}
	s.err = err
	return err
}

// readRaw reads the socket fd into a borrowed buffer, which it keeps in
// s.buf if it read bytes; it reports false when there is nothing to read
// yet, and RawConn.Read then waits for the socket to be readable. s.mu is
// held.
func (s *sockReader) readRaw(fd uintptr) bool {
	buf := readBufs.Get().(*[]byte)
	for {
		s.n, s.rerr = syscall.Read(int(fd), *buf)
		if s.rerr != syscall.EINTR {
			break
		}
	}
	if s.rerr == syscall.EAGAIN {
		readBufs.Put(buf)
		return false
	}
	if s.n > 0 {
		s.buf, s.r, s.w = buf, 0, s.n
	} else {
		readBufs.Put(buf)
	}
	return true
}

// releaseLocked gives the emptied buffer back. s.mu is held.
func (s *sockReader) releaseLocked() {
	if cap(*s.buf) == readBufSize {
		*s.buf = (*s.buf)[:readBufSize]
		readBufs.Put(s.buf)
	}
	s.buf, s.r, s.w = nil, 0, 0
}
