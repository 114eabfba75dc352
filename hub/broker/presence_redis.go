package broker

import (
	"context"
	_ "embed"
	"fmt"
	"time"

	"github.com/solitaire-race/racer/internal/redisscript"
)

var (
	//go:embed presence_redis_set.lua
	presenceSetLua    string
	presenceSetScript = redisscript.New(presenceSetLua)
	//go:embed presence_redis_get.lua
	presenceGetLua    string
	presenceGetScript = redisscript.New(presenceGetLua)
	//go:embed presence_redis_refresh.lua
	presenceRefreshLua    string
	presenceRefreshScript = redisscript.New(presenceRefreshLua)
)

// presenceKey is the hash of channel's presence entries: one key, so any
// Redis Cluster slot will do.
func (b *Redis) presenceKey(channel string) string {
	return b.prefix + "presence:" + channel
}

// SetPresence implements Presence. Expiry follows Redis's clock, so nodes
// whose clocks differ agree on it.
func (b *Redis) SetPresence(ctx context.Context, channel, id string, info []byte, ttl time.Duration) error {
	ms := max(ttl.Milliseconds(), 1)
	start := time.Now()
	err := presenceSetScript.Run(ctx, b.c, []string{b.presenceKey(channel)}, id, info, ms).Err()
	b.m.Observe("presence", start, err != nil)
	if err != nil {
		return b.fail("set presence", err)
	}
	return nil
}

// RemovePresence implements Presence.
func (b *Redis) RemovePresence(ctx context.Context, channel, id string) error {
	start := time.Now()
	err := b.c.HDel(ctx, b.presenceKey(channel), id).Err()
	b.m.Observe("presence", start, err != nil)
	if err != nil {
		return b.fail("remove presence", err)
	}
	return nil
}

// Presence implements Presence.
func (b *Redis) Presence(ctx context.Context, channel string) (map[string][]byte, error) {
	start := time.Now()
	v, err := presenceGetScript.Run(ctx, b.c, []string{b.presenceKey(channel)}).StringSlice()
	b.m.Observe("presence", start, err != nil)
	if err != nil {
		return nil, b.fail("presence", err)
	}
	return presenceEntries(v)
}

// RefreshPresence implements Presence, as one script.
func (b *Redis) RefreshPresence(ctx context.Context, channel string, ids []string, info []byte, ttl time.Duration) (map[string][]byte, error) {
	args := make([]any, 0, 2+len(ids))
	args = append(args, info, max(ttl.Milliseconds(), 1))
	for _, id := range ids {
		args = append(args, id)
	}
	start := time.Now()
	v, err := presenceRefreshScript.Run(ctx, b.c, []string{b.presenceKey(channel)}, args...).StringSlice()
	b.m.Observe("presence", start, err != nil)
	if err != nil {
		return nil, b.fail("refresh presence", err)
	}
	return presenceEntries(v)
}

// presenceEntries reads a presence script's flat reply: id, info, ….
func presenceEntries(v []string) (map[string][]byte, error) {
	if len(v)%2 != 0 {
		return nil, fmt.Errorf("broker: redis presence: odd reply of %d", len(v))
	}
	out := make(map[string][]byte, len(v)/2)
	for i := 0; i < len(v); i += 2 {
		out[v[i]] = []byte(v[i+1])
	}
	return out, nil
}
