// Package broker carries events between the nodes that serve races and
// records who is connected where: a Broker (publish/subscribe on named
// channels), Presence (entries with a TTL that their node renews) and
// Nodes (each node's heartbeat, so that the others learn within seconds
// that it died).
//
// Memory serves one node; Redis lets several nodes share one Redis (or a
// Redis Cluster), and is the Presence and the Nodes too. Its channels are
// Redis 7's sharded channels (SPUBLISH, SSUBSCRIBE), so on a Cluster a
// message costs only the master of its channel's hash slot; a
// match.RedisStore publishes move events on the same sharded channels,
// atomically with the append, so a Redis broker's subscribers hear them.
//
//	b, err := broker.NewRedis(broker.RedisConfig{Client: client, Registerer: reg})
//	if err != nil { ... }
//	defer b.Shutdown(ctx)
//	cancel, err := b.Subscribe(ctx, "race:{r1}", func(data []byte) { queue <- data })
//
// The shared suite in brokertest runs against both implementations.
package broker
