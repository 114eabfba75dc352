package broker

import (
	"context"
	"time"
)

var _ Nodes = (*Memory)(nil)

// Beat implements Nodes, on Memory's Clock.
func (b *Memory) Beat(ctx context.Context, node string, ttl time.Duration) (map[string]bool, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	b.nodesMu.Lock()
	defer b.nodesMu.Unlock()
	now := b.now()
	if b.nodes == nil {
		b.nodes = make(map[string]time.Time)
	}
	b.nodes[node] = now.Add(ttl)
	out := make(map[string]bool, len(b.nodes))
	for id, exp := range b.nodes {
		if !exp.After(now.Add(-NodesMemory)) {
			delete(b.nodes, id)
			continue
		}
		out[id] = exp.After(now)
	}
	return out, nil
}
