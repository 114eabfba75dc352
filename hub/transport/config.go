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
	// SendBuffer bounds the bytes of the frames waiting or being written:
	// what a client that does not read can make the connection hold. A
	// Send past SendQueue or SendBuffer closes the connection with 1008.
	// A frame larger than SendBuffer cannot be sent. Default 1 MiB.
	SendBuffer int
	// WriteTimeout bounds each write to the socket (a batch of frames, a
	// control frame); one that does not end in time closes the socket
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
	if c.WriteTimeout == 0 {
		c.WriteTimeout = DefaultWriteTimeout
	}
}
