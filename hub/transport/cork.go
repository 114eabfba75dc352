package transport

import (
	"encoding/binary"
	"errors"
	"net"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// maxPooledBatch is the largest batch buffer kept for reuse.
const maxPooledBatch = 64 << 10

var batchBufs = sync.Pool{New: func() any { return new([]byte) }}

// batchConn is the connection's socket under coder/websocket. While
// corked it keeps what is written, and writes it all when uncorked.
// Every write to the socket holds mu, so frames written by other
// goroutines (a pong, a close) never land inside a batch's bytes, and
// each must end within timeout. Close writes what the batch holds before
// it closes the socket: coder/websocket answers a client's close by
// writing its close frame, which lands in an open batch, and then closes
// the socket at once.
type batchConn struct {
	net.Conn
	// tcp is the TCP connection under Conn, nil if none (sockbuf.go).
	tcp     *net.TCPConn
	timeout time.Duration // bounds each write to the socket; 0: none
	// by, when not 0, is the Unix time in nanoseconds past which no
	// write may end (closeBy).
	by atomic.Int64

	mu     sync.Mutex
	corked bool
	// raw is the socket's descriptor, for a write that does not wait
	// (uncorkNow), found at the first (rawChecked); nil when the socket
	// has none (TLS, a pipe).
	raw        syscall.RawConn
	rawChecked bool
	buf        *[]byte // from batchBufs while corked
	// deadline is the write deadline set on the socket, in Unix
	// nanoseconds (0: none yet).
	deadline int64
	// tail holds the bytes of a batch that the socket did not take at
	// once (uncorkNow), from tailAt on: they go before any other write.
	tail   *[]byte
	tailAt int
	// closed is set by Close: nothing more is written.
	closed bool
	// closeSent is set when coder/websocket writes a close frame: no
	// message may follow it (RFC 6455, section 5.5.1).
	closeSent bool
}

// canWriteNow reports whether the socket takes writes that do not wait
// (uncorkNow).
func (bc *batchConn) canWriteNow() bool {
	bc.mu.Lock()
	defer bc.mu.Unlock()
	if !bc.rawChecked {
		bc.rawChecked = true
		if sc, ok := bc.Conn.(syscall.Conn); ok {
			if raw, err := sc.SyscallConn(); err == nil {
				bc.raw = raw
			}
		}
	}
	return bc.raw != nil
}

// Write writes p to the socket, or to the batch while corked. What
// coder/websocket writes through it, once the handshake is over, is its
// control frames, each in one Write: the messages are framed into the
// batch (appendFrames).
func (bc *batchConn) Write(p []byte) (int, error) {
	bc.mu.Lock()
	defer bc.mu.Unlock()
	if bc.closed {
		return 0, net.ErrClosed
	}
	if len(p) > 0 && p[0] == finClose {
		// The handshake's bytes are ASCII: only a close frame starts so.
		bc.closeSent = true
	}
	if bc.corked {
		*bc.buf = append(*bc.buf, p...)
		return len(p), nil
	}
	if err := bc.drainLocked(); err != nil {
		return 0, err
	}
	bc.setWriteDeadline()
	return bc.Conn.Write(p)
}

// cork starts a batch of about size bytes.
func (bc *batchConn) cork(size int) {
	buf := batchBufs.Get().(*[]byte)
	*buf = slices.Grow(*buf, size) // one allocation for a large batch
	bc.mu.Lock()
	bc.corked = true
	bc.buf = buf
	bc.mu.Unlock()
}

// finClose is the first byte of a close frame: FIN and opcode 8.
const finClose = 0x88

// appendFrames frames each message of batch as one text frame into the
// open batch (cork), as coder/websocket would write it from a server:
// FIN, opcode 1, the payload's length, no mask. Once coder/websocket has
// sent a close frame, or the socket is closed, it returns net.ErrClosed.
func (bc *batchConn) appendFrames(batch [][]byte) error {
	bc.mu.Lock()
	defer bc.mu.Unlock()
	if bc.closed || bc.closeSent {
		return net.ErrClosed
	}
	b := *bc.buf
	for _, m := range batch {
		b = appendTextFrame(b, m)
	}
	*bc.buf = b
	return nil
}

// appendTextFrame appends p to b as one unmasked final text frame.
func appendTextFrame(b, p []byte) []byte {
	const finText = 0x81
	switch n := len(p); {
	case n <= 125:
		b = append(b, finText, byte(n))
	case n <= 0xFFFF:
		b = append(b, finText, 126, byte(n>>8), byte(n))
	default:
		b = append(b, finText, 127)
		b = binary.BigEndian.AppendUint64(b, uint64(n))
	}
	return append(b, p...)
}

// uncork writes the batch to the socket. Once the socket is closed
// (Close wrote the batch as it then was), it returns net.ErrClosed.
func (bc *batchConn) uncork() error {
	bc.mu.Lock()
	defer bc.mu.Unlock()
	buf := bc.buf
	bc.corked, bc.buf = false, nil
	if bc.closed {
		putBatchBuf(buf)
		return net.ErrClosed
	}
	err := bc.drainLocked()
	if err == nil && len(*buf) > 0 {
		bc.setWriteDeadline()
		_, err = bc.Conn.Write(*buf)
	}
	putBatchBuf(buf)
	return err
}

// uncorkNow writes the batch to the socket without waiting for it: what
// the socket does not take at once stays in the tail, and pending
// reports so; drain writes it. canWriteNow has reported true, and no
// tail waits.
func (bc *batchConn) uncorkNow() (pending bool, err error) {
	bc.mu.Lock()
	defer bc.mu.Unlock()
	buf := bc.buf
	bc.corked, bc.buf = false, nil
	if bc.closed {
		putBatchBuf(buf)
		return false, net.ErrClosed
	}
	n, err := bc.writeNow(*buf)
	if err != nil || n == len(*buf) {
		putBatchBuf(buf)
		return false, err
	}
	bc.tail, bc.tailAt = buf, n
	return true, nil
}

// writeNow makes one write of p to the socket that does not wait for it
// to take any, and returns how many bytes it took. bc.mu is held.
func (bc *batchConn) writeNow(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	// The runtime checks the write deadline before the attempt: one set
	// for an earlier write may have passed since.
	bc.setWriteDeadline()
	var n int
	var werr error
	err := bc.raw.Write(func(fd uintptr) bool {
		for {
			n, werr = syscall.Write(int(fd), p)
			if !errors.Is(werr, syscall.EINTR) {
				return true // one attempt: never wait for the socket
			}
		}
	})
	if n < 0 {
		n = 0
	}
	if err == nil && !errors.Is(werr, syscall.EAGAIN) {
		err = werr
	}
	return n, err
}

// drain writes the tail that uncorkNow left, within the write timeout.
func (bc *batchConn) drain() error {
	bc.mu.Lock()
	defer bc.mu.Unlock()
	return bc.drainLocked()
}

// drainLocked writes the tail, if any. bc.mu is held.
func (bc *batchConn) drainLocked() error {
	if bc.tail == nil {
		return nil
	}
	buf, at := bc.tail, bc.tailAt
	bc.tail, bc.tailAt = nil, 0
	bc.setWriteDeadline()
	_, err := bc.Conn.Write((*buf)[at:])
	putBatchBuf(buf)
	return err
}

// Close writes the tail and the open batch, if any, within the write
// timeout, and closes the socket; later writes fail. A close frame that
// coder/websocket wrote into the batch (its answer to a client's close)
// so leaves with the frames before it. To close without writing, close
// bc.Conn. The socket of a connection closed as too slow (closeBy) is
// reset (abort).
func (bc *batchConn) Close() error {
	bc.mu.Lock()
	if !bc.closed {
		bc.closed = true
		if err := bc.drainLocked(); err == nil && bc.corked && len(*bc.buf) > 0 {
			bc.setWriteDeadline()
			_, _ = bc.Conn.Write(*bc.buf)
			*bc.buf = (*bc.buf)[:0]
		}
	}
	bc.mu.Unlock()
	if bc.by.Load() != 0 {
		return bc.abort()
	}
	return bc.Conn.Close()
}

// abort closes the socket with a reset (SO_LINGER 0), for a client that
// does not read: a plain close would leave what the socket holds to the
// kernel, which keeps it, and the connection, while the client's window
// stays shut, and the client would not learn that the connection ended.
func (bc *batchConn) abort() error {
	if bc.tcp != nil {
		_ = bc.tcp.SetLinger(0)
	}
	return bc.Conn.Close()
}

// putBatchBuf keeps buf for another batch unless it is large.
func putBatchBuf(buf *[]byte) {
	if cap(*buf) <= maxPooledBatch {
		*buf = (*buf)[:0]
		batchBufs.Put(buf)
	}
}

// setWriteDeadline bounds the next write to the socket: it gets at
// least timeout and at most 1.5 times it (nextWriteDeadline). Setting a
// deadline touches a runtime timer, so the one set is kept while it
// leaves the write its timeout. bc.mu is held.
func (bc *batchConn) setWriteDeadline() {
	if bc.timeout <= 0 {
		return
	}
	now := time.Now().UnixNano()
	if by := bc.by.Load(); by != 0 {
		// Closing: closeBy's bound holds, whatever deadline was set.
		bc.deadline = min(now+int64(bc.timeout), by)
		_ = bc.Conn.SetWriteDeadline(time.Unix(0, bc.deadline))
		return
	}
	d, set := nextWriteDeadline(now, bc.deadline, bc.timeout)
	if !set {
		return
	}
	bc.deadline = d
	_ = bc.Conn.SetWriteDeadline(time.Unix(0, d))
}

// nextWriteDeadline returns the write deadline for a write starting at
// now, in Unix nanoseconds, given the one set (0: none) and the write
// timeout, and whether it differs from the one set. The one set is kept
// while at least timeout is left of it; otherwise the new one is 1.5
// times timeout away, so that the next writes of the following half
// timeout keep it.
func nextWriteDeadline(now, set int64, timeout time.Duration) (int64, bool) {
	if set-now >= int64(timeout) {
		return set, false
	}
	return now + int64(timeout)*3/2, true
}

// closeBy ends every read and write of the socket, the one in progress
// included, by t.
func (bc *batchConn) closeBy(t time.Time) {
	bc.by.Store(t.UnixNano())
	_ = bc.Conn.SetDeadline(t)
}
