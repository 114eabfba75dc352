package client

import (
	"context"

	"github.com/solitaire-race/racer/hub/wire"
)

// HelloTicket says hello as a player signed in with an account: ticket
// is a fresh one from GET /api/account/ticket (good once, for a minute).
func (c *Client) HelloTicket(ctx context.Context, ticket string) (wire.Welcome, error) {
	if err := c.Send(ctx, wire.ClientMessage{Type: wire.TypeHello, Ticket: ticket}); err != nil {
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
