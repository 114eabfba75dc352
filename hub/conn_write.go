package hub

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
	"sync"

	"github.com/coder/websocket"
)

// The write side of a connection. Frames wait in the connection's outbox
// (a bounded list, allocated only while frames wait); a writer goroutine
// runs only while the outbox holds frames, so an idle connection has no
// writer and no queue. Each time it wakes, the writer takes every frame
// queued and writes them as one batch: coder/websocket sends one message
// per Write and flushes each, so the socket under it is corked for the
// batch (batchConn) and the frames leave in one write.

// readBufSize and writeBufSize size the buffers coder/websocket keeps for
// the connection's life (net/http's are 4 KB each). Client frames are
// small; a burst of them takes a few reads. Messages are written through
// batchConn, which buffers a whole batch, so coder/websocket's own buffer
// only needs to hold a control frame (at most 139 bytes).
const (
	readBufSize  = 1024
	writeBufSize = 256
)

// maxPooledBatch is the largest batch buffer kept for reuse.
const maxPooledBatch = 64 << 10

var batchBufs = sync.Pool{New: func() any { return new([]byte) }}

// enqueue queues b for the writer. A full outbox means a slow reader: it
// is closed with StatusPolicyViolation rather than allowed to block the
// caller (a broadcast).
func (c *conn) enqueue(b []byte) {
	if c.ctx.Err() != nil {
		return
	}
	c.outMu.Lock()
	if c.outEnded || c.closeQueued {
		c.outMu.Unlock()
		return
	}
	if len(c.out) >= c.h.cfg.SendQueue {
		c.outMu.Unlock()
		c.h.met.slowClosed.Inc()
		c.h.log.Info("closing slow client", "player", c.player())
		c.closeWith(websocket.StatusPolicyViolation, "too slow reading")
		return
	}
	c.out = append(c.out, b)
	c.startWriterLocked()
	c.outMu.Unlock()
}

// closeAfterFlush closes the socket with code after the frames already
// queued have been written. Frames queued after it are dropped.
func (c *conn) closeAfterFlush(code websocket.StatusCode, reason string) {
	c.outMu.Lock()
	if c.outEnded || c.closeQueued {
		c.outMu.Unlock()
		return
	}
	if len(c.out) >= c.h.cfg.SendQueue {
		c.outMu.Unlock()
		c.closeWith(code, reason)
		return
	}
	c.closeQueued, c.closeCode, c.closeReason = true, code, reason
	c.startWriterLocked()
	c.outMu.Unlock()
}

// startWriterLocked starts the writer unless it runs. c.outMu is held.
func (c *conn) startWriterLocked() {
	if !c.writing {
		c.writing = true
		c.writers.Add(1)
		go c.writeLoop()
	}
}

// endWrites stops writers from starting and waits for the running one to
// return. The connection's context has ended.
func (c *conn) endWrites() {
	c.outMu.Lock()
	c.outEnded = true
	c.outMu.Unlock()
	c.writers.Wait()
}

// writeLoop writes batches of queued frames, in order, until the outbox
// is empty or the connection ends.
func (c *conn) writeLoop() {
	defer c.writers.Done()
	var batch [][]byte
	for {
		c.outMu.Lock()
		if c.ctx.Err() != nil || len(c.out) == 0 && !c.closeQueued {
			c.writing = false
			if cap(c.out) > 16 { // a burst grew it: let it go
				c.out = nil
			}
			c.outMu.Unlock()
			return
		}
		batch, c.out = c.out, batch[:0]
		closing, code, reason := c.closeQueued, c.closeCode, c.closeReason
		c.outMu.Unlock()

		if err := c.writeBatch(batch); err != nil {
			c.outMu.Lock()
			c.writing = false
			c.outMu.Unlock()
			c.cancel()
			c.ws.CloseNow()
			return
		}
		clear(batch) // the frames may be large: do not keep them
		if closing {
			// Every frame queued before the close was in this batch:
			// closeAfterFlush refuses frames after it.
			c.ws.Close(code, reason)
			c.cancel()
			c.outMu.Lock()
			c.writing = false
			c.outMu.Unlock()
			return
		}
	}
}

// writeBatch writes the frames with the socket corked, so that they
// leave in one write.
func (c *conn) writeBatch(batch [][]byte) error {
	if len(batch) == 0 {
		return nil
	}
	c.bc.cork()
	for _, b := range batch {
		if err := c.ws.Write(c.wctx, websocket.MessageText, b); err != nil {
			c.bc.uncork()
			return err
		}
	}
	return c.bc.uncork()
}

// batchConn is the connection's socket under coder/websocket. While
// corked it keeps what is written, and writes it all when uncorked.
// Every write to the socket holds mu, so frames written by other
// goroutines (a pong, a close) never land inside a batch's bytes.
type batchConn struct {
	net.Conn
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
	return bc.Conn.Write(p)
}

func (bc *batchConn) cork() {
	bc.mu.Lock()
	bc.corked = true
	bc.buf = batchBufs.Get().(*[]byte)
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
		_, err = bc.Conn.Write(*buf)
	}
	if cap(*buf) <= maxPooledBatch {
		*buf = (*buf)[:0]
		batchBufs.Put(buf)
	}
	return err
}

// hijacker hands coder/websocket a batchConn and small buffers in place
// of net/http's socket and 4 KB buffers when it hijacks the connection.
type hijacker struct {
	http.ResponseWriter
	bc *batchConn
}

// Hijack hijacks the connection under h and wraps it.
func (h *hijacker) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	nc, brw, err := http.NewResponseController(h.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	h.bc = &batchConn{Conn: nc}
	// Bytes the client sent after its request (already read by net/http)
	// go first; coder/websocket keeps what the reader has buffered.
	var r *bufio.Reader
	if n := brw.Reader.Buffered(); n > 0 {
		pending, _ := brw.Reader.Peek(n)
		r = bufio.NewReaderSize(io.MultiReader(bytes.NewReader(bytes.Clone(pending)), h.bc), max(readBufSize, n))
		if _, err := r.Peek(n); err != nil {
			nc.Close()
			return nil, nil, err
		}
	} else {
		r = bufio.NewReaderSize(h.bc, readBufSize)
	}
	return h.bc, bufio.NewReadWriter(r, bufio.NewWriterSize(h.bc, writeBufSize)), nil
}

// Unwrap returns the ResponseWriter under h, for http.ResponseController.
func (h *hijacker) Unwrap() http.ResponseWriter { return h.ResponseWriter }
