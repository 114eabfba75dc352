package client

import (
	"context"
	"slices"

	"github.com/solitaire-race/racer/hub/wire"
)

// Hello identifies the client: with a token from an earlier Welcome to be
// the same player again, or with a name (and no token) to be a new one.
func (c *Client) Hello(ctx context.Context, name, token string) (wire.Welcome, error) {
	if err := c.Send(ctx, wire.ClientMessage{Type: wire.TypeHello, Name: name, Token: token}); err != nil {
		return wire.Welcome{}, err
	}
	var w wire.Welcome
	m, err := c.Wait(ctx, func(m Message) bool { return m.Type == wire.TypeWelcome || m.Type == wire.TypeError })
	if err != nil {
		return w, err
	}
	if m.Type == wire.TypeError {
		return w, decodeError(m)
	}
	return w, m.Decode(&w)
}

func decodeError(m Message) error {
	var e Error
	if err := m.Decode(&e); err != nil {
		return err
	}
	return &e
}

// WaitRace returns the next race message (a race start or resume).
func (c *Client) WaitRace(ctx context.Context) (wire.RaceMessage, error) {
	var r wire.RaceMessage
	m, err := c.WaitType(ctx, wire.TypeRace)
	if err != nil {
		return r, err
	}
	return r, m.Decode(&r)
}

// Move sends move as the racer's next action in race and returns its
// sequence number. It is remembered until acknowledged, for Resend.
func (c *Client) Move(ctx context.Context, race, move string) (uint64, error) {
	typ := wire.TypeMove
	switch move {
	case "resign":
		typ = wire.TypeResign
	case "finish":
		typ = wire.TypeFinish
	}
	c.mu.Lock()
	c.seq[race]++
	seq := c.seq[race]
	if c.pending[race] == nil {
		c.pending[race] = map[uint64]string{}
	}
	c.pending[race][seq] = move
	c.mu.Unlock()
	return seq, c.Send(ctx, wire.ClientMessage{Type: typ, Race: race, Seq: seq, Move: move})
}

// Pending returns the actions sent in race and not yet acknowledged, by
// sequence number.
func (c *Client) Pending(race string) map[uint64]string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make(map[uint64]string, len(c.pending[race]))
	for s, m := range c.pending[race] {
		out[s] = m
	}
	return out
}

// Resend sends again, in order, actions that another client (an earlier
// connection of the same player) sent in race without an acknowledgement,
// and adopts them as its own.
func (c *Client) Resend(ctx context.Context, race string, pending map[uint64]string) error {
	seqs := make([]uint64, 0, len(pending))
	for s := range pending {
		seqs = append(seqs, s)
	}
	slices.Sort(seqs)
	for _, s := range seqs {
		mv := pending[s]
		typ := wire.TypeMove
		switch mv {
		case "resign":
			typ = wire.TypeResign
		case "finish":
			typ = wire.TypeFinish
		}
		c.mu.Lock()
		if s > c.seq[race] {
			c.seq[race] = s
		}
		if c.pending[race] == nil {
			c.pending[race] = map[uint64]string{}
		}
		c.pending[race][s] = mv
		c.mu.Unlock()
		if err := c.Send(ctx, wire.ClientMessage{Type: typ, Race: race, Seq: s, Move: mv}); err != nil {
			return err
		}
	}
	return nil
}

// WaitAck returns the acknowledgement of seq in race; an error message
// about that seq is returned as an *Error.
func (c *Client) WaitAck(ctx context.Context, race string, seq uint64) (wire.Ack, error) {
	var a wire.Ack
	for {
		m, err := c.Next(ctx)
		if err != nil {
			return a, err
		}
		switch m.Type {
		case wire.TypeAck:
			if err := m.Decode(&a); err != nil {
				return a, err
			}
			if a.Race == race && a.Seq >= seq {
				return a, nil
			}
		case wire.TypeError:
			var e Error
			if m.Decode(&e) == nil && e.Race == race && e.Seq == seq {
				return a, &e
			}
		}
	}
}

// WaitEnd returns the race_end message of race, also when an earlier wait
// read it and went on (the client keeps the last few it read).
func (c *Client) WaitEnd(ctx context.Context, race string) (wire.RaceEnd, error) {
	if e, ok := c.takeEnd(race); ok {
		return e, nil
	}
	for {
		if _, err := c.WaitType(ctx, wire.TypeRaceEnd); err != nil {
			return wire.RaceEnd{}, err
		}
		if e, ok := c.takeEnd(race); ok {
			return e, nil
		}
	}
}

// WaitError returns the next error message as an *Error.
func (c *Client) WaitError(ctx context.Context) (*Error, error) {
	m, err := c.WaitType(ctx, wire.TypeError)
	if err != nil {
		return nil, err
	}
	var e Error
	return &e, m.Decode(&e)
}
