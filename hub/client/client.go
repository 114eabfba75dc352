package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"

	"github.com/coder/websocket"
	"github.com/solitaire-race/racer/hub"
)

// Options configure Dial. The zero value is usable.
type Options struct {
	// Header is sent with the handshake (an Origin, say).
	Header http.Header
	// Record, when set, receives every frame received, before decoding.
	Record func(frame []byte)
	// Queue is the number of received messages buffered before the
	// reader stops reading (default 4096).
	Queue int
}

// Message is one message received: its type and the whole frame.
type Message struct {
	Type string
	Raw  []byte
}

// Decode unmarshals the frame into v (a hub message type).
func (m Message) Decode(v any) error { return json.Unmarshal(m.Raw, v) }

// Client is one connection.
type Client struct {
	ws   *websocket.Conn
	in   chan Message
	done chan struct{}
	err  error // set before done closes
	rec  func([]byte)

	mu      sync.Mutex
	seq     map[string]uint64            // last seq sent per race
	pending map[string]map[uint64]string // sent, not acknowledged
}

// Dial connects to a hub's WebSocket URL.
func Dial(ctx context.Context, url string, opts Options) (*Client, error) {
	ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: opts.Header})
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(1 << 20)
	if opts.Queue <= 0 {
		opts.Queue = 4096
	}
	c := &Client{ws: ws, in: make(chan Message, opts.Queue), done: make(chan struct{}), rec: opts.Record,
		seq: map[string]uint64{}, pending: map[string]map[uint64]string{}}
	go c.readLoop()
	return c, nil
}

func (c *Client) readLoop() {
	defer close(c.done)
	ctx := context.Background()
	for {
		_, b, err := c.ws.Read(ctx)
		if err != nil {
			c.err = err
			return
		}
		if c.rec != nil {
			c.rec(b)
		}
		var head struct {
			Type string `json:"type"`
		}
		_ = json.Unmarshal(b, &head)
		m := Message{Type: head.Type, Raw: b}
		c.track(m)
		select {
		case c.in <- m:
		default:
			c.err = errors.New("client: receive queue full")
			c.ws.CloseNow()
			return
		}
	}
}

// track keeps sequence numbers current from race and ack messages.
func (c *Client) track(m Message) {
	switch m.Type {
	case hub.TypeRace:
		var r hub.RaceMessage
		if m.Decode(&r) == nil {
			c.mu.Lock()
			if r.Seq > c.seq[r.Race.ID] {
				c.seq[r.Race.ID] = r.Seq
			}
			for s := range c.pending[r.Race.ID] {
				if s <= r.Seq {
					delete(c.pending[r.Race.ID], s)
				}
			}
			c.mu.Unlock()
		}
	case hub.TypeAck:
		var a struct {
			Race string `json:"race"`
			Seq  uint64 `json:"seq"`
		}
		if m.Decode(&a) == nil {
			c.mu.Lock()
			for s := range c.pending[a.Race] {
				if s <= a.Seq {
					delete(c.pending[a.Race], s)
				}
			}
			c.mu.Unlock()
		}
	}
}

// Close closes the connection normally.
func (c *Client) Close() error { return c.ws.Close(websocket.StatusNormalClosure, "bye") }

// Drop closes the TCP connection without a close handshake, as a network
// failure would.
func (c *Client) Drop() { c.ws.CloseNow() }

// Done is closed when the connection has ended; Err then says why
// (a websocket.CloseError for a close frame).
func (c *Client) Done() <-chan struct{} { return c.done }

// Err returns why the connection ended, once Done is closed.
func (c *Client) Err() error {
	select {
	case <-c.done:
		return c.err
	default:
		return nil
	}
}

// CloseStatus returns the close code the server sent, or -1.
func (c *Client) CloseStatus() websocket.StatusCode { return websocket.CloseStatus(c.Err()) }

// Send sends one message.
func (c *Client) Send(ctx context.Context, m hub.ClientMessage) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return c.ws.Write(ctx, websocket.MessageText, b)
}

// SendRaw sends a frame as it is.
func (c *Client) SendRaw(ctx context.Context, b []byte) error {
	return c.ws.Write(ctx, websocket.MessageText, b)
}

// Next returns the next message received.
func (c *Client) Next(ctx context.Context) (Message, error) {
	select {
	case m := <-c.in:
		return m, nil
	default:
	}
	select {
	case m := <-c.in:
		return m, nil
	case <-c.done:
		select {
		case m := <-c.in:
			return m, nil
		default:
		}
		return Message{}, fmt.Errorf("client: connection ended: %w", c.err)
	case <-ctx.Done():
		return Message{}, ctx.Err()
	}
}

// Wait returns the first message for which match is true, discarding the
// others. An error message is returned as *ErrorMessage when fail is
// true of it.
func (c *Client) Wait(ctx context.Context, match func(Message) bool) (Message, error) {
	for {
		m, err := c.Next(ctx)
		if err != nil {
			return Message{}, err
		}
		if match(m) {
			return m, nil
		}
	}
}

// WaitType returns the next message of type typ, discarding others.
func (c *Client) WaitType(ctx context.Context, typ string) (Message, error) {
	return c.Wait(ctx, func(m Message) bool { return m.Type == typ })
}

// Error is a hub error message, as an error.
type Error hub.Error

// Error implements error.
func (e *Error) Error() string { return "hub: " + e.Code + ": " + e.Message }
