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
// Channels are Redis 7's sharded channels (SPUBLISH, SSUBSCRIBE): on a
// Redis Cluster a message stays on the master of its channel's hash slot
// instead of crossing the cluster bus to every master, so a race's
// channel ("race:{id}") lives on the master of the race's keys. Pub/Sub
// runs on one connection per master (broker_redis_shard.go), which
// carries every channel of that master that this node's subscribers
// listen to (the model is centrifuge's Redis broker): a channel is
// subscribed in Redis while it has a subscriber here. When a master's
// connection breaks (a restart, a failover, a slot that moved), its
// channels are subscribed again where the cluster now serves them; what
// was published meanwhile is lost, and each of their handlers is then
// called with nil to say so, as the Broker contract has it.
//
// It needs Redis 7.0 or later: NewRedis refuses an older Redis with
// ErrOldRedis. A handler runs on a reading goroutine of the broker, so it
// must not block, nor call Subscribe or a cancel function. Errors from an
// unreachable Redis wrap ErrUnavailable. It is safe for concurrent use;
// Shutdown ends it.
type Redis struct {
	c       redis.UniversalClient
	cc      *redis.ClusterClient // c when it is a Cluster's client, else nil
	prefix  string
	timeout time.Duration
	m       *redismetrics.Metrics

	bg sync.WaitGroup // shard loops, unsubscriptions and resubscriptions in flight

	mu     sync.Mutex
	chans  map[string]*redisChan
	shards map[string]*shard // by master address; "" on a single Redis
	closed bool
	done   chan struct{} // closed by Shutdown

	// back is closed, and replaced, each time a subscription is
	// confirmed: Redis answers again, and the channels waiting to be
	// subscribed again after an outage try at once rather than at the
	// end of their backoff, so that they miss as little as can be.
	backMu sync.Mutex
	back   chan struct{}
}

// answering returns the channel that the next confirmed subscription
// closes.
func (b *Redis) answering() <-chan struct{} {
	b.backMu.Lock()
	defer b.backMu.Unlock()
	if b.back == nil {
		b.back = make(chan struct{})
	}
	return b.back
}

// answered wakes the subscriptions waiting for Redis to answer.
func (b *Redis) answered() {
	b.backMu.Lock()
	defer b.backMu.Unlock()
	if b.back != nil {
		close(b.back)
		b.back = nil
	}
}

// redisChan is one channel subscribed by this node.
type redisChan struct {
	// opMu serializes this channel's SSUBSCRIBE and SUNSUBSCRIBE, so that
	// a confirmation always answers the command waiting for it.
	opMu sync.Mutex
	on   *shard // where it is subscribed, nil when not; guarded by opMu
	// made counts the subscriptions Redis confirmed, told the one its
	// subscribers were last told of (a gap after a break); both guarded
	// by opMu.
	made, told uint64

	subs map[*redisSub]struct{} // guarded by Redis.mu
}

type redisSub struct {
	mu     sync.Mutex // held while h runs, so cancel waits for it
	h      func([]byte)
	closed bool
}

var (
	_ Broker   = (*Redis)(nil)
	_ Presence = (*Redis)(nil)
)

// ErrOldRedis reports a Redis without sharded Pub/Sub (before 7.0), which
// neither the broker nor a match.RedisStore can use.
var ErrOldRedis = errors.New("broker: Redis 7.0 or later is required (sharded Pub/Sub: SPUBLISH, SSUBSCRIBE)")

// NewRedis returns a broker on cfg.Client. It checks that every master
// runs Redis 7.0 or later (INFO server), failing with ErrOldRedis when
// one does not; a Redis it cannot reach yet is checked by the first
// subscription instead. Pub/Sub connections open with the first
// subscription of each master and reconnect until Shutdown.
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
		chans: map[string]*redisChan{}, shards: map[string]*shard{}, done: make(chan struct{}),
	}
	b.cc, _ = cfg.Client.(*redis.ClusterClient)
	ctx, cancel := context.WithTimeout(context.Background(), cfg.SubscribeTimeout)
	defer cancel()
	if err := checkVersion(ctx, cfg.Client); errors.Is(err, ErrOldRedis) {
		return nil, err
	}
	return b, nil
}

// fail counts a failed command and wraps err with ErrUnavailable
// when Redis could not do it now.
func (b *Redis) fail(op string, err error) error {
	if isUnknownCommand(err) {
		return fmt.Errorf("%w: %s: %w", ErrOldRedis, op, err)
	}
	return rediserr.Wrap("broker", op, err, ErrUnavailable)
}

// Publish implements Broker with SPUBLISH, which a Cluster client sends
// to the master of the channel's hash slot, as a RedisStore's append
// script does for a race's channel: one publisher's messages reach the
// subscribers in order.
func (b *Redis) Publish(ctx context.Context, channel string, data []byte) error {
	start := time.Now()
	err := b.c.SPublish(ctx, channel, data).Err()
	b.m.Observe("publish", start, err != nil)
	if err != nil {
		return b.fail("publish", err)
	}
	return nil
}

// Subscribe implements Broker. It returns once Redis has confirmed the
// channel's subscription on the connection of the channel's master, or
// fails with ErrUnavailable after SubscribeTimeout.
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

	start := time.Now()
	sctx, scancel := context.WithTimeout(ctx, b.timeout)
	err := b.subscribe(sctx, channel, rc)
	scancel()
	if err == nil {
		rc.opMu.Lock()
		rc.told = rc.made // a new subscriber missed nothing yet
		rc.opMu.Unlock()
	}
	b.m.Observe("subscribe", start, err != nil)
	if err != nil {
		b.remove(channel, rc, s)
		return nil, b.fail("subscribe", err)
	}
	var once sync.Once
	cancel := func() { once.Do(func() { b.remove(channel, rc, s) }) }
	if ctx.Done() != nil {
		stop := context.AfterFunc(ctx, cancel)
		return func() { stop(); cancel() }, nil
	}
	return cancel, nil
}

// dispatch hands a message of channel to its subscribers here (data nil:
// a gap). It runs on the reading goroutine of the channel's shard, or
// on the one that subscribed the channel again. subs is a buffer for
// the subscribers, returned for the next call.
func (b *Redis) dispatch(channel string, data []byte, subs []*redisSub) []*redisSub {
	subs = subs[:0]
	b.mu.Lock()
	if rc := b.chans[channel]; rc != nil {
		for s := range rc.subs {
			subs = append(subs, s)
		}
	}
	b.mu.Unlock()
	if len(subs) == 0 {
		return subs
	}
	for _, s := range subs {
		s.mu.Lock()
		if !s.closed {
			s.h(data)
		}
		s.mu.Unlock()
	}
	return subs
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
	last := len(rc.subs) == 0 && !b.closed // after Shutdown the connections are gone
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
		if sh := rc.on; sh != nil {
			start := time.Now()
			ctx, cancel := context.WithTimeout(context.Background(), b.timeout)
			err := sh.command(ctx, "sunsubscribe", channel)
			cancel()
			b.m.Observe("unsubscribe", start, err != nil)
			// Even when unconfirmed, go-redis has dropped the channel from
			// its list, and a broken connection is replaced without it.
			sh.drop(channel)
			rc.on = nil
		}
		b.mu.Lock()
		if len(rc.subs) == 0 && b.chans[channel] == rc {
			delete(b.chans, channel)
		}
		b.mu.Unlock()
	}()
}

// Shutdown closes the Pub/Sub connections and waits for the broker's
// goroutines, or for ctx. Subscribe fails afterwards; Publish and presence
// keep working while the client does.
func (b *Redis) Shutdown(ctx context.Context) error {
	b.mu.Lock()
	already := b.closed
	b.closed = true
	shards := make([]*shard, 0, len(b.shards))
	for _, sh := range b.shards {
		shards = append(shards, sh)
	}
	b.mu.Unlock()
	if !already {
		close(b.done)
		for _, sh := range shards {
			sh.close()
		}
	}
	done := make(chan struct{})
	go func() {
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
