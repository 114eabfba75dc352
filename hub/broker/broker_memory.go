package broker

import (
	"context"
	"sync"
	"time"
)

// Memory is a Broker, a Presence and Nodes within one process: a single
// node and tests. It is safe for concurrent use.
type Memory struct {
	// Clock is used for presence expiry; nil means time.Now. Set it before
	// first use.
	Clock func() time.Time

	subsMu sync.RWMutex
	subs   map[string]map[*memSub]struct{}

	presMu sync.Mutex
	pres   map[string]map[string]memPresence

	nodesMu sync.Mutex
	nodes   map[string]time.Time // each node's last beat's expiry
}

type memSub struct {
	mu     sync.Mutex // serializes calls to h, keeping order per subscription
	h      func([]byte)
	closed bool
}

type memPresence struct {
	info    []byte
	expires time.Time
}

var (
	_ Broker   = (*Memory)(nil)
	_ Presence = (*Memory)(nil)
)

// NewMemory returns an empty Memory.
func NewMemory() *Memory {
	return &Memory{subs: make(map[string]map[*memSub]struct{}), pres: make(map[string]map[string]memPresence)}
}

// Publish implements Broker. Handlers run synchronously in the caller's
// goroutine, each under its subscription's lock.
func (b *Memory) Publish(ctx context.Context, channel string, data []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	b.PublishNow(channel, data)
	return nil
}

// PublishNow is Publish without a context, for match.MemoryStoreConfig's
// Publish hook.
func (b *Memory) PublishNow(channel string, data []byte) {
	b.subsMu.RLock()
	set := b.subs[channel]
	list := make([]*memSub, 0, len(set))
	for s := range set {
		list = append(list, s)
	}
	b.subsMu.RUnlock()
	for _, s := range list {
		s.mu.Lock()
		if !s.closed {
			s.h(data)
		}
		s.mu.Unlock()
	}
}

// Subscribe implements Broker.
func (b *Memory) Subscribe(ctx context.Context, channel string, h func([]byte)) (func(), error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s := &memSub{h: h}
	b.subsMu.Lock()
	if b.subs[channel] == nil {
		b.subs[channel] = make(map[*memSub]struct{})
	}
	b.subs[channel][s] = struct{}{}
	b.subsMu.Unlock()
	var once sync.Once
	cancel := func() {
		once.Do(func() {
			b.subsMu.Lock()
			delete(b.subs[channel], s)
			if len(b.subs[channel]) == 0 {
				delete(b.subs, channel)
			}
			b.subsMu.Unlock()
			s.mu.Lock()
			s.closed = true
			s.mu.Unlock()
		})
	}
	if ctx.Done() != nil {
		stop := context.AfterFunc(ctx, cancel)
		return func() { stop(); cancel() }, nil
	}
	return cancel, nil
}

func (b *Memory) now() time.Time {
	if b.Clock != nil {
		return b.Clock()
	}
	return time.Now()
}

// SetPresence implements Presence.
func (b *Memory) SetPresence(ctx context.Context, channel, id string, info []byte, ttl time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	b.presMu.Lock()
	defer b.presMu.Unlock()
	if b.pres[channel] == nil {
		b.pres[channel] = make(map[string]memPresence)
	}
	b.pres[channel][id] = memPresence{info: append([]byte(nil), info...), expires: b.now().Add(ttl)}
	return nil
}

// RemovePresence implements Presence.
func (b *Memory) RemovePresence(ctx context.Context, channel, id string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	b.presMu.Lock()
	defer b.presMu.Unlock()
	delete(b.pres[channel], id)
	if len(b.pres[channel]) == 0 {
		delete(b.pres, channel)
	}
	return nil
}

// Presence implements Presence.
func (b *Memory) Presence(ctx context.Context, channel string) (map[string][]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	b.presMu.Lock()
	defer b.presMu.Unlock()
	now := b.now()
	out := make(map[string][]byte)
	for id, p := range b.pres[channel] {
		if now.Before(p.expires) {
			out[id] = append([]byte(nil), p.info...)
		} else {
			delete(b.pres[channel], id)
		}
	}
	return out, nil
}

// RefreshPresence implements Presence.
func (b *Memory) RefreshPresence(ctx context.Context, channel string, ids []string, info []byte, ttl time.Duration) (map[string][]byte, error) {
	for _, id := range ids {
		if err := b.SetPresence(ctx, channel, id, info, ttl); err != nil {
			return nil, err
		}
	}
	return b.Presence(ctx, channel)
}
