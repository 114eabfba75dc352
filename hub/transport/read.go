package transport

import (
	"bytes"
	"io"
	"sync"
	"unicode/utf8"

	"github.com/coder/websocket"
)

// frameBufs holds buffers for incoming frames: a connection borrows one
// per frame, so an idle connection holds none.
var frameBufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// maxPooledFrame is the largest frame buffer kept for reuse.
const maxPooledFrame = 64 << 10

// Serve reads frames until the socket fails or closes, the connection is
// closed, or handle returns false; then it ends the connection's context
// and calls done. It calls handle with each frame in order: text tells a
// text frame from a binary one, and b, the payload, is valid only during
// the call. A text frame that is not valid UTF-8 closes the connection
// with 1007 and is not handed on. Serve returns at once: the frames are
// read on a goroutine of its own, a new one after each frame whose
// handler called FreshStack, and done is called on the last. Call End in
// done.
func (c *Conn) Serve(handle func(text bool, b []byte) bool, done func()) {
	go c.readLoop(handle, done)
}

// FreshStack makes the reader wait for the next frame on a new goroutine,
// which lets go of the stack the frame's handling has grown: a reader
// waiting for a frame uses little of its stack, so an idle connection's
// is the least a goroutine starts with. Only handle may call it. It costs
// a goroutine start and the new one's stack growth at the next frame:
// call it after frames that are seldom and deep (a hello, a request of
// the lobby), not after each move.
func (c *Conn) FreshStack() { c.fresh = true }

// readLoop reads frames until the connection is done (Serve).
func (c *Conn) readLoop(handle func(bool, []byte) bool, done func()) {
	for {
		// The reader waits for the client's bytes here, near the bottom
		// of its stack rather than deep in coder/websocket's reader: a
		// parked reader uses little enough of its stack for the collector
		// to shrink it, and for a new goroutine's to do. The bufio.Reader
		// between holds nothing after a whole message (sockReader).
		if c.sr.wait() != nil {
			break
		}
		if !c.readNext(handle) {
			break
		}
		if c.fresh {
			c.fresh = false
			go c.readLoop(handle, done)
			return
		}
	}
	c.cancel()
	done()
}

// readNext reads the next frame and hands it to handle. It reports false
// when the connection is done. A message frame that waits whole in the
// sockReader is taken from there (takeFrame): coder/websocket's reader
// would take a lock by select and read it through two buffers. Any other,
// and every frame once the connection is closing, goes through
// coder/websocket, which answers control frames and closes on a protocol
// error or a frame over the read limit, and which reads the client's
// close frame after the server's.
func (c *Conn) readNext(handle func(bool, []byte) bool) bool {
	if c.closing.Load() || c.ctx.Err() != nil {
		return c.readNextWS(handle)
	}
	buf := frameBufs.Get().(*bytes.Buffer)
	defer putFrameBuf(buf)
	text, ok := c.sr.takeFrame(buf, c.readLimit)
	if !ok {
		return c.readNextWS(handle)
	}
	return c.deliver(text, buf.Bytes(), handle)
}

// readNextWS reads the next frame through coder/websocket (readNext).
func (c *Conn) readNextWS(handle func(bool, []byte) bool) bool {
	// A context without cancellation (wctx), so that coder/websocket
	// registers no AfterFunc per read; closing the socket ends a blocked
	// read.
	typ, r, err := c.ws.Reader(c.wctx)
	if err != nil {
		return false
	}
	return c.readFrame(typ, r, handle)
}

// readFrame reads one frame from r and hands it to handle. It reports
// false when the connection is done.
func (c *Conn) readFrame(typ websocket.MessageType, r io.Reader, handle func(bool, []byte) bool) bool {
	buf := frameBufs.Get().(*bytes.Buffer)
	defer putFrameBuf(buf)
	if _, err := buf.ReadFrom(r); err != nil {
		// Over the read limit: coder/websocket has closed with 1009.
		return false
	}
	return c.deliver(typ == websocket.MessageText, buf.Bytes(), handle)
}

// deliver hands the payload b of a message to handle, unless the
// connection is done, or closing (the server's close frame is sent: a
// message read during the close handshake, whichever reader read it, is
// dropped and the reading goes on to the client's close frame), or b is
// text that is not valid UTF-8 (closed with 1007). It reports false when
// the connection is done.
func (c *Conn) deliver(text bool, b []byte, handle func(bool, []byte) bool) bool {
	if c.ctx.Err() != nil {
		return false
	}
	if c.closing.Load() {
		return true
	}
	if text && !utf8.Valid(b) {
		c.closeInvalid()
		return false
	}
	return handle(text, b)
}

// putFrameBuf gives a frame buffer back unless it is large.
func putFrameBuf(buf *bytes.Buffer) {
	if buf.Cap() <= maxPooledFrame {
		buf.Reset()
		frameBufs.Put(buf)
	}
}

// closeInvalid closes the connection with 1007 from the reader: the close
// frame is sent before the reading ends, which lets End go ahead.
func (c *Conn) closeInvalid() {
	c.closeOnce.Do(func() {
		c.stop()
		c.workers.Wait() // the batch in flight goes before the close frame
		_ = c.ws.Close(websocket.StatusInvalidFramePayloadData, "invalid UTF-8 in text frame")
	})
}
