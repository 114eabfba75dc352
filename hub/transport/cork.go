package transport

import (
	"net"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// maxPooledBatch is the largest batch buffer kept for reuse.
const maxPooledBatch = 64 << 10

var batchBufs = sync.Pool{New: func() any { return new([]byte) }}

// batchConn is the connection's socket under coder/websocket. While
// corked it keeps what is written, and writes it all when uncorked.
// Every write to the socket holds mu, so frames written by other
// goroutines (a pong, a close) never land inside a batch's bytes, and
// each must end within timeout.
type batchConn struct {
	net.Conn
	timeout time.Duration // bounds each write to the socket; 0: none
	// by, when not 0, is the Unix time in nanoseconds past which no
	// write may end (closeBy).
	by atomic.Int64

	mu     sync.Mutex
	corked bool
	buf    *[]byte // from batchBufs while corked
}

// Write writes p to the socket, or to the batch while corked.
func (bc *batchConn) Write(p []byte) (int, error) {
	bc.mu.Lock()
	defer bc.mu.Unlock()
	if bc.corked {
		*bc.buf = append(*bc.buf, p...)
		return len(p), nil
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

// uncork writes the batch to the socket.
func (bc *batchConn) uncork() error {
	bc.mu.Lock()
	defer bc.mu.Unlock()
	buf := bc.buf
	bc.corked, bc.buf = false, nil
	var err error
	if len(*buf) > 0 {
		bc.setWriteDeadline()
		_, err = bc.Conn.Write(*buf)
	}
	if cap(*buf) <= maxPooledBatch {
		*buf = (*buf)[:0]
		batchBufs.Put(buf)
	}
	return err
}

// setWriteDeadline bounds the next write to the socket. bc.mu is held.
func (bc *batchConn) setWriteDeadline() {
	if bc.timeout <= 0 {
		return
	}
	d := time.Now().Add(bc.timeout)
	if by := bc.by.Load(); by != 0 && by < d.UnixNano() {
		d = time.Unix(0, by)
	}
	_ = bc.Conn.SetWriteDeadline(d)
}

// closeBy ends every read and write of the socket, the one in progress
// included, by t.
func (bc *batchConn) closeBy(t time.Time) {
	bc.by.Store(t.UnixNano())
	_ = bc.Conn.SetDeadline(t)
}
