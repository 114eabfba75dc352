// Package lobby holds what players share before a race starts, across
// nodes: the quick-race queues, private rooms and rematch votes. Each
// method is one atomic step, so two nodes never pair the same player
// twice.
//
// Memory serves one node; Redis (one Lua script or transaction per step)
// lets several nodes share one Redis or Redis Cluster.
//
//	l, err := lobby.NewRedis(lobby.RedisConfig{Client: client, Registerer: reg})
//	if err != nil { ... }
//	partner, paired, err := l.Enqueue(ctx, "bvs", me, 30*time.Second)
//
// The shared suite in lobbytest runs against both implementations.
package lobby
