package client

import (
	"context"
	"encoding/json"

	"github.com/solitaire-race/racer/hub/wire"
)

// Arena sends an arena message (wire.TypeArenaJoin, TypeArenaWatch,
// TypeArenaPause, TypeArenaResume, TypeArenaWithdraw, TypeArenaUnwatch)
// for arena id.
func (c *Client) Arena(ctx context.Context, typ, id string) error {
	return c.Send(ctx, wire.ClientMessage{Type: typ, Arena: id})
}

// WaitArena returns the next arena message for which match is true
// (any, when match is nil), discarding the other messages.
func (c *Client) WaitArena(ctx context.Context, match func(wire.ArenaMessage) bool) (wire.ArenaMessage, error) {
	for {
		m, err := c.WaitType(ctx, wire.TypeArena)
		if err != nil {
			return wire.ArenaMessage{}, err
		}
		var a wire.ArenaMessage
		if err := json.Unmarshal(m.Raw, &a); err != nil {
			return wire.ArenaMessage{}, err
		}
		if match == nil || match(a) {
			return a, nil
		}
	}
}
