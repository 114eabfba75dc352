package transport

import (
	"bytes"
	"context"
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

// ReadLoop reads frames until the socket fails or closes, the connection
// is closed, or handle returns false, and ends the connection's context
// when it returns. It calls handle with each frame in order: text tells a
// text frame from a binary one, and b, the payload, is valid only during
// the call. A text frame that is not valid UTF-8 closes the connection
// with 1007 and is not handed on. Call End after it.
func (c *Conn) ReadLoop(handle func(text bool, b []byte) bool) {
	defer c.cancel()
	// A context without cancellation, so that coder/websocket registers
	// no AfterFunc per read; closing the socket ends a blocked read.
	rctx := context.WithoutCancel(c.ctx)
	for {
		typ, r, err := c.ws.Reader(rctx)
		if err != nil {
			return
		}
		if !c.readFrame(typ, r, handle) {
			return
		}
	}
}

// readFrame reads one frame from r and hands it to handle. It reports
// false when the connection is done.
func (c *Conn) readFrame(typ websocket.MessageType, r io.Reader, handle func(bool, []byte) bool) bool {
	buf := frameBufs.Get().(*bytes.Buffer)
	defer func() {
		if buf.Cap() <= maxPooledFrame {
			buf.Reset()
			frameBufs.Put(buf)
		}
	}()
	if _, err := buf.ReadFrom(r); err != nil {
		// Over the read limit: coder/websocket has closed with 1009.
		return false
	}
	if c.ctx.Err() != nil {
		return false
	}
	text := typ == websocket.MessageText
	if text && !utf8.Valid(buf.Bytes()) {
		c.closeInvalid()
		return false
	}
	return handle(text, buf.Bytes())
}

// closeInvalid closes the connection with 1007 from the reader: the close
// frame is sent before ReadLoop returns, which lets End go ahead.
func (c *Conn) closeInvalid() {
	c.closeOnce.Do(func() {
		c.stop()
		c.workers.Wait() // the batch in flight goes before the close frame
		_ = c.ws.Close(websocket.StatusInvalidFramePayloadData, "invalid UTF-8 in text frame")
	})
}
