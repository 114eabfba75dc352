package broker

import (
	"context"
	_ "embed"
	"fmt"
	"strconv"
	"time"

	"github.com/solitaire-race/racer/internal/redisscript"
)

var (
	//go:embed nodes_redis_beat.lua
	nodesBeatLua    string
	nodesBeatScript = redisscript.New(nodesBeatLua)
)

var _ Nodes = (*Redis)(nil)

// nodesKey is the sorted set of the cluster's nodes: one key, so any
// Redis Cluster slot will do.
func (b *Redis) nodesKey() string { return b.prefix + "nodes" }

// Beat implements Nodes: one script (nodes_redis_beat.lua), whose cost
// grows with the number of nodes, not with races or players.
func (b *Redis) Beat(ctx context.Context, node string, ttl time.Duration) (map[string]bool, error) {
	start := time.Now()
	v, err := nodesBeatScript.Run(ctx, b.c, []string{b.nodesKey()},
		node, max(ttl.Milliseconds(), 1), NodesMemory.Milliseconds()).StringSlice()
	b.m.Observe("nodes", start, err != nil)
	if err != nil {
		return nil, b.fail("beat", err)
	}
	if len(v)%2 != 1 {
		return nil, fmt.Errorf("broker: redis beat: reply of %d strings", len(v))
	}
	now, err := strconv.ParseFloat(v[0], 64)
	if err != nil {
		return nil, fmt.Errorf("broker: redis beat: time %q", v[0])
	}
	out := make(map[string]bool, len(v)/2)
	for i := 1; i < len(v); i += 2 {
		exp, err := strconv.ParseFloat(v[i+1], 64)
		if err != nil {
			return nil, fmt.Errorf("broker: redis beat: expiry %q of %s", v[i+1], v[i])
		}
		out[v[i]] = exp > now
	}
	return out, nil
}
