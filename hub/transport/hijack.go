package transport

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
	"time"
)

// readBufSize and writeBufSize size the buffers coder/websocket keeps for
// the connection's life (net/http's are 4 KB each). Client frames are
// small; a burst of them takes a few reads. Messages are written through
// batchConn, which buffers a whole batch, so coder/websocket's own buffer
// only needs to hold a control frame (at most 139 bytes).
const (
	readBufSize  = 1024
	writeBufSize = 256
)

// hijacker hands coder/websocket a batchConn and small buffers in place
// of net/http's socket and 4 KB buffers when it hijacks the connection.
type hijacker struct {
	http.ResponseWriter
	timeout time.Duration // the batchConn's
	bc      *batchConn
}

// Hijack hijacks the connection under h and wraps it.
func (h *hijacker) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	nc, brw, err := http.NewResponseController(h.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	h.bc = &batchConn{Conn: nc, timeout: max(h.timeout, 0)}
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
