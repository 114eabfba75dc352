package transport

import "time"

// Config configures a connection. The zero value means the defaults, each
// named on its field.
type Config struct {
	// OriginPatterns lists the host patterns allowed in the Origin header
	// besides the request's own host (coder/websocket AcceptOptions).
	// Default: same origin only.
	OriginPatterns []string
	// ReadLimit is the largest frame read, in bytes; a larger frame
	// closes the socket with 1009. Default 4096.
	ReadLimit int64
	// SendQueue bounds the frames waiting or being written. Default 256.
	SendQueue int
	// SendBuffer bounds what a client that does not read can make the
	// connection hold: the bytes of the frames waiting or being written,
	// and the socket's share (SocketBuffer), which comes out of it. A
	// Send past SendQueue or past the outbox's part of SendBuffer closes
	// the connection with 1008. A frame larger than that part cannot be
	// sent. Default 1 MiB.
	SendBuffer int
	// SocketBuffer is the send buffer asked of the kernel for the socket
	// (SO_SNDBUF), at most SendBuffer/8: it holds what was written until
	// the client acknowledges it. Its share of SendBuffer is twice the
	// size the kernel grants (Linux grants twice what is asked, and a
	// write may fill the buffer a segment past its size); the outbox has
	// the rest (with the defaults 1 MiB - 2 x 128 KiB = 768 KiB).
	// Without it the kernel would grow the buffer to megabytes for a
	// client that does not read. Default 64 KiB.
	SocketBuffer int
	// WriteTimeout bounds each write to the socket (a batch of frames, a
	// control frame); one that does not end in time resets the socket,
	// without a close frame. A write is given at least WriteTimeout and
	// at most 1.5 times it: the deadline on the socket is set again only
	// when less than WriteTimeout is left of it. It also bounds the
	// close of a connection found too slow. Default 5s; negative: no
	// bound.
	WriteTimeout time.Duration
	// OnSlow, when set, is called once if the connection is closed for
	// reading too slowly: a Send past the bounds or a write timed out.
	OnSlow func()
}

// Defaults of Config.
const (
	DefaultReadLimit    = 4096
	DefaultSendQueue    = 256
	DefaultSendBuffer   = 1 << 20
	DefaultSocketBuffer = 64 << 10
	DefaultWriteTimeout = 5 * time.Second
)

func (c *Config) setDefaults() {
	if c.ReadLimit <= 0 {
		c.ReadLimit = DefaultReadLimit
	}
	if c.SendQueue <= 0 {
		c.SendQueue = DefaultSendQueue
	}
	if c.SendBuffer <= 0 {
		c.SendBuffer = DefaultSendBuffer
	}
	if c.SocketBuffer <= 0 {
		c.SocketBuffer = DefaultSocketBuffer
	}
	c.SocketBuffer = min(c.SocketBuffer, c.SendBuffer/8)
	if c.WriteTimeout == 0 {
		c.WriteTimeout = DefaultWriteTimeout
	}
}
