package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"

	"github.com/coder/websocket"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match/scoreboard"
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
	// v is the frame decoded when it was received, for the types the
	// client reads itself (ack, race, error): a *wire.Ack, a
	// *wire.RaceMessage or an *Error.
	v any
}

// Decode unmarshals the frame into v (a hub message type). An ack, race
// or error message was decoded once when it arrived: Decode into a
// *wire.Ack, *wire.RaceMessage, *Error or *wire.Error copies that value
// (slices and maps are shared with it) instead of parsing the frame again.
// Acks and progress events are read by DecodeAck and DecodeProgress.
func (m Message) Decode(v any) error {
	switch p := v.(type) {
	case *wire.Ack:
		if d, ok := m.v.(*wire.Ack); ok {
			*p = *d
			return nil
		}
		return DecodeAck(m.Raw, p)
	case *wire.ProgressMessage:
		return DecodeProgress(m.Raw, p)
	case *wire.RaceMessage:
		if d, ok := m.v.(*wire.RaceMessage); ok {
			*p = *d
			return nil
		}
	case *Error:
		if d, ok := m.v.(*Error); ok {
			*p = *d
			return nil
		}
	case *wire.Error:
		if d, ok := m.v.(*Error); ok {
			*p = wire.Error(*d)
			return nil
		}
	}
	return json.Unmarshal(m.Raw, v)
}

// parse reads a frame's type and, for the types the client reads itself,
// decodes it, so that each frame is parsed once.
func parse(b []byte) Message {
	m := Message{Type: typeOf(b), Raw: b}
	var v any
	switch m.Type {
	case wire.TypeAck:
		a := new(wire.Ack)
		if DecodeAck(b, a) == nil {
			m.v = a
		}
		return m
	case wire.TypeRace:
		v = new(wire.RaceMessage)
	case wire.TypeError:
		v = new(Error)
	default:
		return m
	}
	if json.Unmarshal(b, v) == nil {
		m.v = v
	}
	return m
}

// hubTypes are the types of the frames the hub sends.
var hubTypes = []string{wire.TypeAck, wire.TypeProgress, wire.TypeBoard, wire.TypeRace, wire.TypeRaceEnd,
	wire.TypeError, wire.TypePong}

// typeName returns b as a string, without allocating for the types the
// hub sends.
func typeName(b []byte) string { return known(b, hubTypes) }

// typePrefix is how the hub begins every frame it sends.
var typePrefix = []byte(`{"type":"`)

// typeOf returns the frame's "type": read straight from the frame when it
// begins as the hub's frames do, else with encoding/json.
func typeOf(b []byte) string {
	if rest, ok := bytes.CutPrefix(b, typePrefix); ok {
		if i := bytes.IndexByte(rest, '"'); i >= 0 && bytes.IndexByte(rest[:i], '\\') < 0 {
			return typeName(rest[:i])
		}
	}
	var head struct {
		Type string `json:"type"`
	}
	_ = json.Unmarshal(b, &head)
	return head.Type
}

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
	ends    []Message                    // the last race_end messages read, for WaitEnd
	games   map[string]scoreboard.Game   // each race's game, from its race message
}

// maxKeptEnds is how many race_end messages the client keeps for WaitEnd.
const maxKeptEnds = 8

// keepEnd remembers a race_end message read by Next, so that WaitEnd finds
// it even when another wait (for the ack of the winning move, say) read
// and skipped it: the hub may send a race's end before the ack of the move
// that ended it.
func (c *Client) keepEnd(m Message) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.ends) == maxKeptEnds {
		c.ends = append(c.ends[:0], c.ends[1:]...)
	}
	c.ends = append(c.ends, m)
}

// takeEnd returns and forgets the kept race_end message of race.
func (c *Client) takeEnd(race string) (wire.RaceEnd, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, m := range c.ends {
		var e wire.RaceEnd
		if m.Decode(&e) == nil && e.Race == race {
			c.ends = append(c.ends[:i], c.ends[i+1:]...)
			return e, true
		}
	}
	return wire.RaceEnd{}, false
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
		m := parse(b)
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

// track keeps sequence numbers current from race and ack messages, and
// tags an ack's view with its race's game.
func (c *Client) track(m Message) {
	switch v := m.v.(type) {
	case *wire.RaceMessage:
		c.mu.Lock()
		if c.games == nil {
			c.games = map[string]scoreboard.Game{}
		}
		c.games[v.Race.ID] = v.Race.GameName()
		if v.Seq > c.seq[v.Race.ID] {
			c.seq[v.Race.ID] = v.Seq
		}
		c.forgetLocked(v.Race.ID, v.Seq)
		c.mu.Unlock()
	case *wire.Ack:
		c.mu.Lock()
		v.View.Game = c.games[v.Race]
		c.forgetLocked(v.Race, v.Seq)
		c.mu.Unlock()
	}
}

// forgetLocked drops the pending actions of race up to seq. c.mu is held.
func (c *Client) forgetLocked(race string, seq uint64) {
	for s := range c.pending[race] {
		if s <= seq {
			delete(c.pending[race], s)
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
func (c *Client) Send(ctx context.Context, m wire.ClientMessage) error {
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
	m, err := c.next(ctx)
	if err == nil && m.Type == wire.TypeRaceEnd {
		c.keepEnd(m)
	}
	return m, err
}

func (c *Client) next(ctx context.Context) (Message, error) {
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
type Error wire.Error

// Error implements error.
func (e *Error) Error() string { return "hub: " + e.Code + ": " + e.Message }
