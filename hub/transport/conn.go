package transport

import (
	"context"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// Conn is one WebSocket connection: one reader (Serve), a bounded
// outbox between Send and the socket, and a writer goroutine that runs
// while the outbox holds frames (write.go). It is safe for concurrent
// use, except that Serve is called once.
type Conn struct {
	ws *websocket.Conn
	bc *batchConn  // the socket under ws
	sr *sockReader // what ws reads from
	// ctx ends when the connection ends or is being closed.
	ctx    context.Context
	cancel context.CancelFunc
	// wctx is ctx without its cancellation, for reads and writes:
	// coder/websocket registers an AfterFunc per call on a context that
	// can end.
	wctx context.Context
	// fresh asks the reader to go on on a new goroutine (FreshStack);
	// owned by the reader.
	fresh bool
	// closing is set as the writer sends its close frame (writeOnce),
	// before the context ends: the reader then leaves every frame to
	// coder/websocket (readNext).
	closing atomic.Bool

	// readLimit is Config.ReadLimit.
	readLimit int64
	sendQueue int
	// sendBuffer is the outbox's part of Config.SendBuffer: the rest is
	// the socket's share (sockbuf.go).
	sendBuffer int
	onSlow     func()

	closeOnce sync.Once
	// workers counts the writer and a close running on its own goroutine.
	workers sync.WaitGroup

	// The outbox (write.go), guarded by outMu: frames waiting for the
	// writer, which runs (writing) only while there are some.
	outMu       sync.Mutex
	out         [][]byte
	outBytes    int  // bytes in out
	flight      int  // frames in the batch being written
	flightBytes int  // bytes in the batch being written
	writing     bool // the writer runs
	held        bool // Hold: Send starts no writer until Flush
	stopped     bool // nothing more is written: closed or ended
	ended       bool // End was called: no worker starts
	slow        bool // closed for reading too slowly
	closeQueued bool // a close follows the frames in out
	closeCode   websocket.StatusCode
	closeReason string
	frames      uint64        // frames written
	bytes       uint64        // bytes of the frames written
	over        bool          // End has returned
	done        chan struct{} // made by Done, closed when over
}

// Accept upgrades the request to a WebSocket. On an error it has answered
// the request. The connection's context (Context) is a child of ctx.
func Accept(ctx context.Context, w http.ResponseWriter, r *http.Request, cfg Config) (*Conn, error) {
	cfg.setDefaults()
	hj := &hijacker{ResponseWriter: w, timeout: cfg.WriteTimeout}
	ws, err := websocket.Accept(hj, r, &websocket.AcceptOptions{OriginPatterns: cfg.OriginPatterns})
	if err != nil {
		return nil, err
	}
	hj.restore()
	ws.SetReadLimit(cfg.ReadLimit)
	hj.bc.tcp = tcpConnOf(hj.bc.Conn)
	socket := setSocketBuffer(hj.bc.tcp, cfg.SocketBuffer, cfg.SendBuffer/2)
	cctx, cancel := context.WithCancel(ctx)
	return &Conn{
		ws: ws, bc: hj.bc, sr: hj.sr,
		ctx: cctx, cancel: cancel, wctx: context.WithoutCancel(cctx),
		readLimit: cfg.ReadLimit, sendQueue: cfg.SendQueue, sendBuffer: cfg.SendBuffer - socket, onSlow: cfg.OnSlow,
	}, nil
}

// Context returns a context that ends when the connection ends or starts
// to close, or when the context given to Accept ends: work done for the
// connection stops then.
func (c *Conn) Context() context.Context { return c.ctx }

// Close closes the connection with code now: waiting frames are dropped,
// and the close frame follows the batch being written. It returns at once;
// End waits for the close.
func (c *Conn) Close(code websocket.StatusCode, reason string) {
	c.closeOnce.Do(func() {
		c.stop()
		c.outMu.Lock()
		ended := c.ended
		if !ended {
			c.workers.Add(1) // under outMu: never after End has begun to wait
		}
		c.outMu.Unlock()
		if ended {
			return // End closes the socket
		}
		go func() {
			defer c.workers.Done()
			_ = c.ws.Close(code, reason)
		}()
	})
}

// CloseNow closes the socket without a close frame, ending a close in
// progress.
func (c *Conn) CloseNow() {
	c.stop()
	_ = c.bc.Conn.Close()
	_ = c.ws.CloseNow()
}

// End ends the connection once the reading is over (Serve's done): no
// frame is written any more, a running writer or close is waited for, and
// the socket is closed.
func (c *Conn) End() {
	c.outMu.Lock()
	c.ended = true
	c.outMu.Unlock()
	c.stop()
	c.workers.Wait()
	_ = c.ws.CloseNow()
	c.outMu.Lock()
	c.over = true
	if c.done != nil {
		close(c.done)
	}
	c.outMu.Unlock()
}

// Done returns a channel that End closes as it returns: the socket is
// closed then, and nothing of the connection's writing runs.
func (c *Conn) Done() <-chan struct{} {
	c.outMu.Lock()
	defer c.outMu.Unlock()
	if c.done == nil {
		c.done = make(chan struct{})
		if c.over {
			close(c.done)
		}
	}
	return c.done
}

// stop ends the context and the outbox: nothing more is queued or written.
func (c *Conn) stop() {
	c.cancel()
	c.outMu.Lock()
	c.stopped = true
	clear(c.out)
	c.out, c.outBytes = nil, 0
	c.outMu.Unlock()
}

// Stats describes a connection's outbox.
type Stats struct {
	// Queued and QueuedBytes count the frames waiting or being written
	// and their bytes: what the connection holds for its client.
	Queued      int
	QueuedBytes int
	// SocketBytes counts the bytes written to the socket that the client
	// has not acknowledged: what the kernel holds for it (Linux only; 0
	// elsewhere). QueuedBytes + SocketBytes stays within
	// Config.SendBuffer.
	SocketBytes int
	// Frames and Bytes count the frames written to the socket and their
	// bytes (headers not counted).
	Frames uint64
	Bytes  uint64
	// Writing reports whether the writer goroutine runs.
	Writing bool
}

// Stats returns the outbox's figures and the socket's.
func (c *Conn) Stats() Stats {
	c.outMu.Lock()
	st := Stats{
		Queued: len(c.out) + c.flight, QueuedBytes: c.outBytes + c.flightBytes,
		Frames: c.frames, Bytes: c.bytes, Writing: c.writing,
	}
	over := c.over
	c.outMu.Unlock()
	if !over {
		st.SocketBytes = socketQueued(c.bc.tcp)
	}
	return st
}

// closeDeadline bounds what is left of the connection's life when it is
// found too slow: the batch in flight, the close frame and the wait for
// the client's.
func (c *Conn) closeDeadline() {
	if c.bc.timeout > 0 {
		c.bc.closeBy(time.Now().Add(c.bc.timeout))
	}
}
