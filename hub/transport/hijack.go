package transport

import (
	"bufio"
	"bytes"
	"net"
	"net/http"
	"time"
)

// writeBufSize sizes the write buffer coder/websocket keeps for the
// connection's life (net/http's is 4 KB). Messages are written through
// batchConn, which buffers a whole batch, so coder/websocket's own buffer
// only needs to hold a control frame (at most 139 bytes).
const writeBufSize = 256

// hijacker hands coder/websocket a batchConn and small buffers in place
// of net/http's socket and 4 KB buffers when it hijacks the connection:
// its reads go through a bufio.Reader of bufio's least size to a
// sockReader, which holds a buffer only while bytes wait in it.
type hijacker struct {
	http.ResponseWriter
	timeout time.Duration // the batchConn's
	bc      *batchConn
	sr      *sockReader
	br      *bufio.Reader // the reader coder/websocket reads from
}

// Hijack hijacks the connection under h and wraps it.
func (h *hijacker) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	nc, brw, err := http.NewResponseController(h.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	h.bc = &batchConn{Conn: nc, timeout: max(h.timeout, 0)}
	// Bytes the client sent after its request (already read by net/http)
	// go first.
	var pending []byte
	if n := brw.Reader.Buffered(); n > 0 {
		b, _ := brw.Reader.Peek(n)
		pending = bytes.Clone(b)
	}
	h.sr = newSockReader(nc, pending)
	h.br = bufio.NewReaderSize(h.sr, 16)
	return h.bc, bufio.NewReadWriter(h.br, bufio.NewWriterSize(h.bc, writeBufSize)), nil
}

// restore points the reader coder/websocket reads from back at the
// sockReader once websocket.Accept has returned: Accept puts the bytes
// the reader holds in front of the hijacked socket (none: they wait in
// the sockReader), which would read the socket around the sockReader.
func (h *hijacker) restore() {
	h.br.Reset(h.sr)
}

// Unwrap returns the ResponseWriter under h, for http.ResponseController.
func (h *hijacker) Unwrap() http.ResponseWriter { return h.ResponseWriter }
