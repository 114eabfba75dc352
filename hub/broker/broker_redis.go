package broker

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/internal/rediserr"
	"github.com/solitaire-race/racer/internal/redismetrics"
)

// RedisConfig configures a Redis. Only Client is required;
// every other zero value means the default.
type RedisConfig struct {
	// Client is the Redis to use: a single server, Sentinel or Cluster.
	// Required. The broker does not close it.
	Client redis.UniversalClient
	// Prefix starts every presence key and the nodes' key. Default
	// "racer:".
	Prefix string
	// SubscribeTimeout bounds how long Subscribe waits for Redis to
	// confirm a subscription, and how long an unsubscription may take.
	// Default 5 seconds.
	SubscribeTimeout time.Duration
	// Registerer receives racer_redis_command_seconds and
	// racer_redis_errors_total. Nil: no metrics.
	Registerer prometheus.Registerer
}

// Redis is a Broker, a Presence and Nodes in Redis, shared by every node.
// Pub/Sub runs on one connection per broker, which carries every channel
// that this node's subscribers listen to (the model is centrifuge's Redis
// broker): a channel is subscribed in Redis while it has a subscriber
// here. After a reconnection, go-redis subscribes again to every channel;
// what was published meanwhile is lost, as the Broker contract allows.
//
// A handler runs on the broker's one reading goroutine, so it must not
// block, nor call Subscribe or a cancel function. Errors from an
// unreachable Redis wrap ErrUnavailable. It is safe for concurrent
// use; Shutdown ends it.
type Redis struct {
	c       redis.UniversalClient
	prefix  string
	timeout time.Duration
	m       *redismetrics.Metrics

	ps       *redis.PubSub
	loopDone chan struct{}
	bg       sync.WaitGroup // unsubscriptions in flight

	mu      sync.Mutex
	chans   map[string]*redisChan
	waiters map[redisAck][]chan struct{}
	closed  bool
}

// redisChan is one channel subscribed by this node.
type redisChan struct {
	// opMu serializes this channel's SUBSCRIBE and UNSUBSCRIBE, so that
	// a confirmation always answers the command waiting for it.
	opMu       sync.Mutex
	subscribed bool // guarded by opMu

	subs map[*redisSub]struct{} // guarded by Redis.mu
}

type redisSub struct {
	mu     sync.Mutex // held while h runs, so cancel waits for it
	h      func([]byte)
	closed bool
}

// redisAck is a confirmation Redis sends: kind "subscribe" or
// "unsubscribe", and the channel.
type redisAck struct{ kind, channel string }

var (
	_ Broker   = (*Redis)(nil)
	_ Presence = (*Redis)(nil)
)

// NewRedis returns a broker on cfg.Client. It connects for Pub/Sub in
// the background, reconnecting until Shutdown.
func NewRedis(cfg RedisConfig) (*Redis, error) {
	if cfg.Client == nil {
		return nil, errors.New("broker: RedisConfig.Client is nil")
	}
	if cfg.Prefix == "" {
		cfg.Prefix = "racer:"
	}
	if cfg.SubscribeTimeout <= 0 {
		cfg.SubscribeTimeout = 5 * time.Second
	}
	m, err := redismetrics.New(cfg.Registerer)
	if err != nil {
		return nil, fmt.Errorf("broker: redis metrics: %w", err)
	}
	b := &Redis{
		c: cfg.Client, prefix: cfg.Prefix, timeout: cfg.SubscribeTimeout, m: m,
		chans: map[string]*redisChan{}, waiters: map[redisAck][]chan struct{}{},
		loopDone: make(chan struct{}),
	}
	b.ps = cfg.Client.Subscribe(context.Background())
	msgs := b.ps.ChannelWithSubscriptions(redis.WithChannelSize(4096), redis.WithChannelHealthCheckInterval(time.Second))
	go b.loop(msgs)
	return b, nil
}

// loop delivers what the Pub/Sub connection receives until it is closed.
func (b *Redis) loop(msgs <-chan any) {
	defer close(b.loopDone)
	var subs []*redisSub
	for msg := range msgs {
		switch msg := msg.(type) {
		case *redis.Subscription:
			b.mu.Lock()
			k := redisAck{msg.Kind, msg.Channel}
			for _, w := range b.waiters[k] {
				close(w)
			}
			delete(b.waiters, k)
			b.mu.Unlock()
		case *redis.Message:
			subs = subs[:0]
			b.mu.Lock()
			if rc := b.chans[msg.Channel]; rc != nil {
				for s := range rc.subs {
					subs = append(subs, s)
				}
			}
			b.mu.Unlock()
			if len(subs) == 0 {
				continue
			}
			data := []byte(msg.Payload)
			for _, s := range subs {
				s.mu.Lock()
				if !s.closed {
					s.h(data)
				}
				s.mu.Unlock()
			}
		}
	}
}

// fail counts a failed command and wraps err with ErrUnavailable
// when Redis could not do it now.
func (b *Redis) fail(op string, err error) error {
	return rediserr.Wrap("broker", op, err, ErrUnavailable)
}

// Publish implements Broker. On a Redis Cluster it publishes on the master
// of the channel's hash slot, as a RedisStore's append script does for a
// race's channel: go-redis would pick any node for PUBLISH, and messages
// that cross the cluster by different nodes may overtake each other.
func (b *Redis) Publish(ctx context.Context, channel string, data []byte) error {
	start := time.Now()
	var err error
	if cc, ok := b.c.(*redis.ClusterClient); ok {
		var node *redis.Client
		if node, err = cc.MasterForKey(ctx, channel); err == nil {
			err = node.Publish(ctx, channel, data).Err()
		}
	} else {
		err = b.c.Publish(ctx, channel, data).Err()
	}
	b.m.Observe("publish", start, err != nil)
	if err != nil {
		return b.fail("publish", err)
	}
	return nil
}

// Subscribe implements Broker. It returns once Redis has confirmed the
// channel's subscription on this node's Pub/Sub connection, or fails with
// ErrUnavailable after SubscribeTimeout.
func (b *Redis) Subscribe(ctx context.Context, channel string, h func([]byte)) (func(), error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s := &redisSub{h: h}
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return nil, fmt.Errorf("%w: subscribe: broker shut down", ErrUnavailable)
	}
	rc := b.chans[channel]
	if rc == nil {
		rc = &redisChan{subs: map[*redisSub]struct{}{}}
		b.chans[channel] = rc
	}
	rc.subs[s] = struct{}{}
	b.mu.Unlock()

	if err := b.subscribe(ctx, channel, rc); err != nil {
		b.remove(channel, rc, s)
		return nil, err
	}
	var once sync.Once
	cancel := func() { once.Do(func() { b.remove(channel, rc, s) }) }
	if ctx.Done() != nil {
		stop := context.AfterFunc(ctx, cancel)
		return func() { stop(); cancel() }, nil
	}
	return cancel, nil
}

// subscribe makes sure that Redis has confirmed rc's subscription.
func (b *Redis) subscribe(ctx context.Context, channel string, rc *redisChan) error {
	rc.opMu.Lock()
	defer rc.opMu.Unlock()
	if rc.subscribed {
		return nil
	}
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, b.timeout)
	defer cancel()
	err := b.command(ctx, redisAck{"subscribe", channel}, b.ps.Subscribe)
	b.m.Observe("subscribe", start, err != nil)
	if err != nil {
		// Take it out of go-redis's list, which it subscribes to again
		// after a reconnection.
		uctx, ucancel := context.WithTimeout(context.WithoutCancel(ctx), b.timeout)
		b.ps.Unsubscribe(uctx, channel)
		ucancel()
		return b.fail("subscribe", err)
	}
	rc.subscribed = true
	return nil
}

// command sends SUBSCRIBE or UNSUBSCRIBE with send and waits for Redis's
// confirmation ack. The caller holds the channel's opMu.
func (b *Redis) command(ctx context.Context, ack redisAck, send func(context.Context, ...string) error) error {
	w := make(chan struct{})
	b.mu.Lock()
	b.waiters[ack] = append(b.waiters[ack], w)
	b.mu.Unlock()
	err := send(ctx, ack.channel)
	if err == nil {
		select {
		case <-w:
		case <-ctx.Done():
			err = ctx.Err()
		case <-b.loopDone:
			err = redis.ErrClosed
		}
	}
	if err != nil {
		b.mu.Lock()
		ws := b.waiters[ack]
		for i, x := range ws {
			if x == w {
				ws = append(ws[:i], ws[i+1:]...)
				break
			}
		}
		if len(ws) == 0 {
			delete(b.waiters, ack)
		} else {
			b.waiters[ack] = ws
		}
		b.mu.Unlock()
	}
	return err
}

// remove ends subscription s: no call of its handler starts after remove
// returns. When s was the channel's last, the channel is unsubscribed in
// Redis in the background.
func (b *Redis) remove(channel string, rc *redisChan, s *redisSub) {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	b.mu.Lock()
	delete(rc.subs, s)
	last := len(rc.subs) == 0 && !b.closed // after Shutdown the connection is gone
	if last {
		b.bg.Add(1)
	}
	b.mu.Unlock()
	if !last {
		return
	}
	go func() {
		defer b.bg.Done()
		rc.opMu.Lock()
		defer rc.opMu.Unlock()
		b.mu.Lock()
		if len(rc.subs) > 0 { // subscribed again meanwhile
			b.mu.Unlock()
			return
		}
		b.mu.Unlock()
		if rc.subscribed {
			start := time.Now()
			ctx, cancel := context.WithTimeout(context.Background(), b.timeout)
			err := b.command(ctx, redisAck{"unsubscribe", channel}, b.ps.Unsubscribe)
			cancel()
			b.m.Observe("unsubscribe", start, err != nil)
			// Even when unconfirmed, go-redis has dropped the channel from
			// its list: a new connection does not subscribe to it.
			rc.subscribed = false
		}
		b.mu.Lock()
		if len(rc.subs) == 0 && b.chans[channel] == rc {
			delete(b.chans, channel)
		}
		b.mu.Unlock()
	}()
}

// Shutdown closes the Pub/Sub connection and waits for the broker's
// goroutines, or for ctx. Subscribe fails afterwards; Publish and presence
// keep working while the client does.
func (b *Redis) Shutdown(ctx context.Context) error {
	b.mu.Lock()
	already := b.closed
	b.closed = true
	b.mu.Unlock()
	if !already {
		b.ps.Close()
	}
	done := make(chan struct{})
	go func() {
		<-b.loopDone
		b.bg.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
