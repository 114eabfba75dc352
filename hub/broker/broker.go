package broker

import (
	"context"
	"errors"
	"time"
)

// Broker carries events between nodes: every node that serves a racer or a
// spectator of a race subscribes to the race's channel, and every node
// publishes there. Payloads are opaque bytes (the hub sends JSON events).
//
// A match.Store publishes move events itself, atomically with the append
// (match.Append's Channel and Event), on the same channels: a Redis store
// and a Redis broker share one Redis, so the store's SPUBLISH reaches the
// broker's subscribers.
//
// Delivery is at most once and in publish order per publisher; a node that
// misses events (a reconnect to Redis) rebuilds from the store, which is
// the truth. Implementations are safe for concurrent use.
type Broker interface {
	// Publish sends data to the current subscribers of channel, on every
	// node.
	Publish(ctx context.Context, channel string, data []byte) error
	// Subscribe calls h with each payload published on channel until the
	// returned cancel function is called or ctx ends. h is called from one
	// goroutine per subscription, in order, and must not block: it should
	// hand the payload to a queue. Subscribe returns once the subscription
	// is active, so a Publish that starts afterwards is delivered. When a
	// subscription is made again after a break (a reconnect to Redis, a
	// slot moved), h is called once with nil: what was published during
	// the break may be lost, and a subscriber that keeps state rebuilds
	// it from the store.
	Subscribe(ctx context.Context, channel string, h func(data []byte)) (cancel func(), err error)
}

// Presence records who is connected where, across nodes: each node keeps
// its entries alive by setting them again before their TTL passes, so a
// node that dies loses its entries soon after. Implementations are safe for
// concurrent use.
type Presence interface {
	// SetPresence records id as present in channel with info, for ttl.
	SetPresence(ctx context.Context, channel, id string, info []byte, ttl time.Duration) error
	// RemovePresence removes id from channel.
	RemovePresence(ctx context.Context, channel, id string) error
	// Presence returns the live entries of channel by id.
	Presence(ctx context.Context, channel string) (map[string][]byte, error)
	// RefreshPresence records each of ids as present in channel with
	// info, for ttl, and returns the live entries of channel, as
	// SetPresence for each and then Presence would, in one call: a node
	// keeping its racers of a race present.
	RefreshPresence(ctx context.Context, channel string, ids []string, info []byte, ttl time.Duration) (map[string][]byte, error)
}

// ErrUnavailable reports a broker that cannot be reached; callers may
// retry. Implementations wrap it.
var ErrUnavailable = errors.New("broker: unavailable")
